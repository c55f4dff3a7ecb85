// The dealership's profile page (D32, P81): phone, WhatsApp, address, website, opening hours and
// time zone. Every user of the dealership reads it (staff give the number to buyers too); only
// owners change it (a staff post is the 403 page, as keys and webhooks are). The same rules as
// `cli dealers update` (profile.ts); numbers are shown as people of the market write them.
// The logo (P132) has a form of its own (multipart, one file), read in this scope only.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type Busboy from 'busboy';
import type { DealerRow } from '../../core/db/schema.js';
import type { Store } from '../../core/db/store.js';
import { ownerOnly, signedIn, type Lang, type PanelUser } from '../../core/web/context.js';
import { PageError } from '../../core/web/errors.js';
import { html, type Html } from '../../core/web/html.js';
import { fileInput } from '../../core/web/file-input.js';
import { csrfField } from '../../core/web/layout.js';
import { formFields, redirectTo, sendPage } from '../../core/web/render.js';
import { LOCALE_OF, render, textsOf } from '../../core/i18n/index.js';
import { IMAGE_LIMITS, ImageRejected } from '../photos/image.js';
import { MARKET_TIME_ZONES, timeZoneOfMarket } from '../markets/markets.js';
import { displayPhone } from '../markets/phone.js';
import {
  ADDRESS_MAX,
  checkProfile,
  OPENING_HOURS_MAX,
  PROFILE_FIELDS,
  profileOf,
  WEBSITE_MAX,
  type DealerProfile,
  type ProfileField,
  type ProfileProblem,
} from './profile.js';
import { logoOf, removeDealerLogo, setDealerLogo, type LogoDeps } from './logo.js';
import { findDealerById, updateDealerProfile } from './repository.js';

export interface DealerPagesDeps extends LogoDeps {
  store: Store;
}

const LOGO_MB = IMAGE_LIMITS.maxBytes / 1024 / 1024;
/** The logo form's whole body: its one file and its token. */
const LOGO_BODY_MAX = IMAGE_LIMITS.maxBytes + 64 * 1024;

type LogoProblem = 'missing' | 'too_large' | 'unreadable';
interface LogoForm {
  fields: Record<string, string>;
  file?: Buffer;
  problem?: LogoProblem;
}

/** The logo form (multipart): its `logo` file, at most IMAGE_LIMITS.maxBytes, and its text fields. */
async function readLogoForm(req: IncomingMessage): Promise<LogoForm> {
  const { default: busboy } = await import('busboy');
  return new Promise((resolve) => {
    let bb: Busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { files: 1, fileSize: IMAGE_LIMITS.maxBytes, fields: 5, fieldSize: 4 * 1024, parts: 8 } });
    } catch {
      resolve({ fields: {}, problem: 'unreadable' });
      return;
    }
    const form: LogoForm = { fields: {} };
    let reading: Promise<void> = Promise.resolve();
    // Read up to the bound (the token comes before the file, so the page can still answer with
    // the user's session); past it the rest is left to the drain (P59) and the page says why.
    let raw = 0;
    const onData = (c: Buffer) => {
      raw += c.length;
      if (raw > LOGO_BODY_MAX) {
        req.off('data', onData);
        req.unpipe(bb);
        resolve({ fields: form.fields, problem: 'too_large' });
      }
    };
    req.on('data', onData);
    bb.on('file', (name, part) => {
      const chunks: Buffer[] = [];
      reading = new Promise<void>((done) => {
        part.on('data', (c: Buffer) => chunks.push(c));
        part.on('limit', () => (form.problem = 'too_large'));
        part.on('end', () => {
          const bytes = Buffer.concat(chunks);
          if (name === 'logo' && bytes.length > 0 && !part.truncated) form.file = bytes;
          done();
        });
      });
    });
    bb.on('field', (name, value) => {
      form.fields[name] = value;
    });
    bb.on('error', () => resolve({ fields: form.fields, problem: 'unreadable' }));
    bb.on('close', () => void reading.then(() => resolve(form)));
    req.pipe(bb);
  });
}

type Entered = Record<ProfileField, string>;

const PROFILE_TEXTS = textsOf('profile.');
const zoneLabels = new Map<string, string>();

/**
 * A time zone as people name it (P110): its city and the zone's name in the reader's language,
 * "Buenos Aires (hora de Argentina)", not "America/Argentina/Buenos_Aires". Kept: the select
 * lists every zone, and an Intl formatter per zone is costly.
 */
function zoneLabel(zone: string, lang: Lang): string {
  const key = `${lang}|${zone}`;
  let label = zoneLabels.get(key);
  if (label === undefined) {
    const city = (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
    let name: string | undefined;
    try {
      name = new Intl.DateTimeFormat(LOCALE_OF[lang], { timeZone: zone, timeZoneName: 'longGeneric' })
        .formatToParts(0)
        .find((p) => p.type === 'timeZoneName')?.value;
    } catch {
      name = undefined;
    }
    label = name && name !== city && !/^GMT|^UTC/.test(name) ? `${city} (${name})` : city === zone ? zone : `${city} (${zone.split('/')[0]})`;
    zoneLabels.set(key, label);
  }
  return label;
}

let allZones: string[] | undefined;

export const dealerPages: FastifyPluginAsync<{ deps: DealerPagesDeps }> = async (app, { deps }) => {
  const { store } = deps;

  const profileRow = async (user: PanelUser) => {
    const row = await findDealerById(store.db, user.dealerId);
    if (!row) throw new PageError(404, 'not_found');
    return row;
  };

  /** The form's values from what is stored: numbers as the market writes them. */
  const enteredOf = (p: DealerProfile, market: string | undefined): Entered => ({
    phone: p.phone ? displayPhone(p.phone, market) : '',
    whatsapp: p.whatsapp ? displayPhone(p.whatsapp, market) : '',
    address: p.address ?? '',
    website: p.website ?? '',
    opening_hours: p.opening_hours ?? '',
    time_zone: p.time_zone,
  });

  function zoneSelect(user: PanelUser, current: string, invalid: boolean): Html {
    const t = PROFILE_TEXTS[user.lang];
    const mine = [...new Set(user.markets.map((m) => timeZoneOfMarket(m)))];
    allZones ??= [...new Set([...Object.values(MARKET_TIME_ZONES), ...Intl.supportedValuesOf('timeZone')])].sort();
    const others = allZones.filter((z) => !mine.includes(z));
    // A zone chosen by the operator that the list does not have stays selectable.
    if (!mine.includes(current) && !others.includes(current)) others.unshift(current);
    const option = (z: string) => html`<option value="${z}"${z === current ? html` selected` : ''}>${zoneLabel(z, user.lang)}</option>`;
    return html`<select id="time_zone" name="time_zone" aria-describedby="time_zone-help${invalid ? ' time_zone-error' : ''}"${invalid ? html` aria-invalid="true"` : ''}>
<optgroup label="${t.zonesOfMarkets}">${mine.map(option)}</optgroup>
<optgroup label="${t.allZones}">${others.map(option)}</optgroup>
</select>`;
  }

  function field(user: PanelUser, f: ProfileField, entered: Entered, problems: Partial<Record<ProfileField, ProfileProblem>>): Html {
    const t = PROFILE_TEXTS[user.lang];
    const problem = problems[f];
    const described = `${f}-help${problem ? ` ${f}-error` : ''}`;
    const invalid = problem ? html` aria-invalid="true"` : '';
    const common = html`id="${f}" name="${f}" aria-describedby="${described}"${invalid}`;
    const control =
      f === 'time_zone'
        ? zoneSelect(user, entered.time_zone, !!problem)
        : f === 'phone' || f === 'whatsapp'
          ? html`<input ${common} type="tel" maxlength="40" autocomplete="tel" value="${entered[f]}">`
          : f === 'website'
            ? html`<input ${common} type="text" inputmode="url" maxlength="${WEBSITE_MAX}" autocomplete="url" value="${entered[f]}">`
            : html`<input ${common} type="text" maxlength="${f === 'address' ? ADDRESS_MAX : OPENING_HOURS_MAX}"${f === 'address' ? html` autocomplete="street-address"` : ''} value="${entered[f]}">`;
    return html`<label for="${f}">${t.field[f]}</label>
${control}
<p id="${f}-help" class="muted">${t.help[f]}</p>${problem ? html`\n<p class="field-error" id="${f}-error">${t.problem[problem]}</p>` : ''}`;
  }

  /** Staff: the profile as buyers get it, to read. */
  function readOnly(user: PanelUser, p: DealerProfile): Html {
    const t = PROFILE_TEXTS[user.lang];
    const market = user.markets[0];
    const value = (f: ProfileField): Html | string => {
      const v = p[f];
      if (!v) return html`<span class="muted">${t.notSet}</span>`;
      if (f === 'phone' || f === 'whatsapp') return displayPhone(v, market);
      if (f === 'website') return html`<a href="${v}" rel="noopener noreferrer" target="_blank">${v}</a>`;
      if (f === 'time_zone') return zoneLabel(v, user.lang);
      return v;
    };
    return html`<div class="card"><dl class="fields">
${PROFILE_FIELDS.map((f) => html`<dt>${t.field[f]}</dt><dd>${value(f)}</dd>`)}
</dl></div>
<p class="muted">${t.ownersOnly}</p>`;
  }

  /** The logo card (P132): the logo (or a word that there is none); for owners, its upload and remove forms. */
  function logoCard(req: FastifyRequest, user: PanelUser, row: DealerRow, problem: string | undefined): Html {
    const t = PROFILE_TEXTS[user.lang].logo;
    const logo = logoOf(row, '');
    const shown = logo
      ? html`<p class="logo-current"><img class="dealer-logo" src="${logo.url}" alt="${t.alt(row.name)}" width="${logo.width}" height="${logo.height}"></p>`
      : html`<p class="muted">${t.none}</p>`;
    if (user.role !== 'owner') return html`<section class="card" aria-labelledby="logo-title"><h2 id="logo-title">${t.title}</h2>${shown}</section>`;
    return html`<section class="card" aria-labelledby="logo-title"><h2 id="logo-title">${t.title}</h2>
${problem ? html`<p class="notice bad" role="alert" id="logo-error">${problem}</p>` : ''}
${shown}
<form method="post" action="/panel/profile/logo" enctype="multipart/form-data">
${csrfField(req.csrfToken)}
${fileInput({ id: 'logo', name: 'logo', lang: user.lang, label: t.file, accept: 'image/jpeg,image/png,image/webp', describedBy: problem ? 'logo-help logo-error' : 'logo-help', invalid: problem !== undefined })}
<p id="logo-help" class="muted">${t.help(LOGO_MB)}</p>
<div class="actions"><button type="submit">${logo ? t.replace : t.upload}</button></div>
</form>${
      logo
        ? html`
<form method="post" action="/panel/profile/logo/remove">
${csrfField(req.csrfToken)}
<div class="actions"><button type="submit" class="secondary">${t.remove}</button></div>
</form>`
        : ''
    }
</section>`;
  }

  async function profilePage(
    req: FastifyRequest,
    reply: FastifyReply,
    o: { entered?: Entered; problems?: Partial<Record<ProfileField, ProfileProblem>>; status?: number; logoProblem?: string } = {},
  ) {
    const user = signedIn(req);
    const t = PROFILE_TEXTS[req.panelLang];
    const row = await profileRow(user);
    const profile = profileOf(row);
    const entered = o.entered ?? enteredOf(profile, user.markets[0]);
    const problems = o.problems ?? {};
    const done = (req.query as { done?: string }).done;
    const saved = done === 'saved';
    const logoDone = done === 'logo' ? t.logo.saved : done === 'logo-removed' ? t.logo.removed : undefined;
    return sendPage(req, reply, {
      title: t.title,
      section: 'profile',
      status: o.status,
      body: html`<h1>${t.title}</h1>
${saved ? html`<p class="notice ok" role="status">${t.saved}</p>` : ''}${logoDone ? html`<p class="notice ok" role="status">${logoDone}</p>` : ''}
<p class="muted">${t.intro}</p>
${
  user.role !== 'owner'
    ? readOnly(user, profile)
    : html`<form class="card" method="post" action="/panel/profile" novalidate>
${csrfField(req.csrfToken)}
${Object.keys(problems).length ? html`<p class="notice bad" role="alert">${t.fixBelow}</p>` : ''}
${PROFILE_FIELDS.map((f) => field(user, f, entered, problems))}
<div class="actions"><button type="submit">${t.save}</button></div>
</form>`
}
${logoCard(req, user, row, o.logoProblem)}`,
    });
  }

  app.get('/profile', async (req, reply) => profilePage(req, reply));

  app.post('/profile', async (req, reply) => {
    const user = ownerOnly(req);
    const form = formFields(req.body);
    const entered = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, (form[f] ?? '').slice(0, 1000)])) as Entered;
    const checked = checkProfile(entered, user.markets[0]);
    if (!checked.ok) return profilePage(req, reply, { entered, problems: checked.problems, status: 422 });
    await updateDealerProfile(store.db, user.dealerId, checked.values);
    return redirectTo(reply, '/panel/profile?done=saved');
  });

  // The logo's form: read before the CSRF check, which then finds `_csrf` among the fields.
  app.addContentTypeParser('multipart/form-data', async (req: FastifyRequest) => {
    const form = await readLogoForm(req.raw);
    return { ...form.fields, _logo: form };
  });

  app.post('/profile/logo', async (req, reply) => {
    const user = ownerOnly(req);
    const t = PROFILE_TEXTS[req.panelLang].logo;
    const form = (req.body as { _logo?: LogoForm } | undefined)?._logo ?? { fields: {}, problem: 'missing' as const };
    const problem = form.problem ?? (form.file ? undefined : 'missing');
    const said: Record<LogoProblem, string> = { missing: t.missing, too_large: t.tooLarge(LOGO_MB), unreadable: t.unreadable };
    if (problem) return profilePage(req, reply, { logoProblem: said[problem], status: problem === 'too_large' ? 413 : 422 });
    try {
      await setDealerLogo(store.db, deps, user.dealerId, form.file!);
    } catch (err) {
      if (!(err instanceof ImageRejected)) throw err;
      // The reasons that carry the decoder's own (English) words are said without them.
      const why = err.text.code === 'image_unreadable' || err.text.code === 'image_undecodable' ? t.unreadableImage : render(req.panelLang, err.text);
      return profilePage(req, reply, { logoProblem: t.rejected(why), status: 422 });
    }
    return redirectTo(reply, '/panel/profile?done=logo');
  });

  app.post('/profile/logo/remove', async (req, reply) => {
    const user = ownerOnly(req);
    await removeDealerLogo(store.db, user.dealerId);
    return redirectTo(reply, '/panel/profile?done=logo-removed');
  });
};
