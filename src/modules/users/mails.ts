// The users' messages (D28): an invitation, a password reset, and the notice to a person another
// dealership tried to invite (P71), in the recipient's language, as plain text plus simple HTML.
// Links are the only secret in them.
import type { OutgoingMail } from '../../core/mail/outbox.js';
import { textsOf, type Lang } from '../../core/i18n/index.js';
import { html } from '../../core/web/html.js';

// The catalogue's `accountMail.` codes (P179, P195).
const TEXTS = textsOf('accountMail.');

function message(
  kind: string,
  to: string,
  dealerId: number,
  subject: string,
  lines: { hello: string; intro: string; action: string; url: string; expiry: string },
): OutgoingMail {
  const text = `${lines.hello}\n\n${lines.intro}\n\n${lines.action}: ${lines.url}\n\n${lines.expiry}\n`;
  const body = html`<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1b1f24">
<p>${lines.hello}</p><p>${lines.intro}</p>
<p><a href="${lines.url}" style="display:inline-block;padding:10px 16px;background:#0b5cad;color:#fff;border-radius:6px;text-decoration:none">${lines.action}</a></p>
<p style="color:#5b6470">${lines.expiry}</p>
<p style="color:#5b6470;font-size:13px">${lines.url}</p>
</body></html>`;
  return { kind, to, dealerId, subject, text, html: body.value };
}

export function invitationMail(lang: Lang, to: { email: string; name: string; dealerId: number; dealerName: string }, url: string): OutgoingMail {
  const t = TEXTS[lang];
  return message('invite', to.email, to.dealerId, t.inviteSubject(to.dealerName), {
    hello: t.hello(to.name || to.email),
    intro: t.inviteIntro(to.dealerName),
    action: t.inviteAction,
    url,
    expiry: t.inviteExpiry,
  });
}

export function resetMail(lang: Lang, to: { email: string; name: string; dealerId: number }, url: string): OutgoingMail {
  const t = TEXTS[lang];
  return message('reset', to.email, to.dealerId, t.resetSubject, {
    hello: t.hello(to.name || to.email),
    intro: t.resetIntro,
    action: t.resetAction,
    url,
    expiry: t.resetExpiry,
  });
}

/**
 * To the holder of an address another dealership tried to invite (P71): who tried, and why
 * nothing changed. No link: there is nothing to do here. `dealerId` is the recipient's.
 */
export function elsewhereMail(lang: Lang, to: { email: string; name: string; dealerId: number }, invitingDealer: string): OutgoingMail {
  const t = TEXTS[lang];
  const hello = t.hello(to.name || to.email);
  const intro = t.elsewhereIntro(invitingDealer, to.email);
  const action = t.elsewhereAction(invitingDealer);
  const body = html`<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1b1f24">
<p>${hello}</p><p>${intro}</p><p>${action}</p>
</body></html>`;
  return {
    kind: 'invite_elsewhere',
    to: to.email,
    dealerId: to.dealerId,
    subject: t.elsewhereSubject(invitingDealer),
    text: `${hello}\n\n${intro}\n\n${action}\n`,
    html: body.value,
  };
}
