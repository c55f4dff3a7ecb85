// The users' messages (D28): an invitation, a password reset, and the notice to a person another
// dealership tried to invite (P71), in the recipient's language, as plain text plus simple HTML.
// Links are the only secret in them.
import type { OutgoingMail } from '../../core/mail/outbox.js';
import type { Lang } from '../../core/web/context.js';
import { html } from '../../core/web/html.js';

const TEXTS = {
  en: {
    inviteSubject: (dealer: string) => `You are invited to the ${dealer} dealer panel`,
    inviteIntro: (dealer: string) => `You have been invited to manage ${dealer} on the dealer panel.`,
    inviteAction: 'Choose your password',
    inviteExpiry: 'This link works once and expires in 72 hours.',
    resetSubject: 'Reset your dealer panel password',
    resetIntro: 'Someone (hopefully you) asked to reset the password of this account.',
    resetAction: 'Choose a new password',
    resetExpiry: 'This link works once and expires in 1 hour. If you did not ask for it, ignore this message: your password stays the same.',
    hello: (name: string) => `Hello ${name},`,
    elsewhereSubject: (dealer: string) => `${dealer} tried to invite you to the dealer panel`,
    elsewhereIntro: (dealer: string, email: string) =>
      `${dealer} tried to invite ${email} to its dealer panel. An e-mail address can belong to one dealership only, and this one already has an account, so nothing changed.`,
    elsewhereAction: (dealer: string) =>
      `If you want to work with ${dealer} too, ask them to invite another address of yours. If you do not know them, ignore this message.`,
  },
  es: {
    inviteSubject: (dealer: string) => `Lo invitaron al panel de ${dealer}`,
    inviteIntro: (dealer: string) => `Lo invitaron a gestionar ${dealer} en el panel del concesionario.`,
    inviteAction: 'Elegir mi contraseña',
    inviteExpiry: 'Este enlace sirve una sola vez y vence en 72 horas.',
    resetSubject: 'Restablezca su contraseña del panel',
    resetIntro: 'Alguien (esperamos que usted) pidió restablecer la contraseña de esta cuenta.',
    resetAction: 'Elegir una contraseña nueva',
    resetExpiry: 'Este enlace sirve una sola vez y vence en 1 hora. Si no lo pidió, ignore este mensaje: su contraseña no cambia.',
    hello: (name: string) => `Hola ${name}:`,
    elsewhereSubject: (dealer: string) => `${dealer} intentó invitarlo al panel de concesionarios`,
    elsewhereIntro: (dealer: string, email: string) =>
      `${dealer} intentó invitar a ${email} a su panel. Una dirección de correo puede pertenecer a un solo concesionario, y esta ya tiene una cuenta, así que nada cambió.`,
    elsewhereAction: (dealer: string) =>
      `Si quiere trabajar también con ${dealer}, pídales que inviten otra dirección suya. Si no los conoce, ignore este mensaje.`,
  },
  pt: {
    inviteSubject: (dealer: string) => `Você foi convidado para o painel de ${dealer}`,
    inviteIntro: (dealer: string) => `Você foi convidado para gerenciar ${dealer} no painel da concessionária.`,
    inviteAction: 'Escolher minha senha',
    inviteExpiry: 'Este link funciona uma única vez e expira em 72 horas.',
    resetSubject: 'Redefina sua senha do painel',
    resetIntro: 'Alguém (esperamos que você) pediu para redefinir a senha desta conta.',
    resetAction: 'Escolher uma nova senha',
    resetExpiry: 'Este link funciona uma única vez e expira em 1 hora. Se não foi você, ignore esta mensagem: sua senha continua a mesma.',
    hello: (name: string) => `Olá ${name},`,
    elsewhereSubject: (dealer: string) => `${dealer} tentou convidar você para o painel de concessionárias`,
    elsewhereIntro: (dealer: string, email: string) =>
      `${dealer} tentou convidar ${email} para o painel da concessionária. Um endereço de e-mail só pode pertencer a uma concessionária, e este já tem uma conta, então nada mudou.`,
    elsewhereAction: (dealer: string) =>
      `Se você quiser trabalhar também com ${dealer}, peça que convidem outro endereço seu. Se você não os conhece, ignore esta mensagem.`,
  },
} satisfies Record<Lang, unknown>;

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
