// The dealership's profile page (D32, P81): phone, WhatsApp, address, website, opening hours and
// time zone. Every user of the dealership reads it (staff give the number to buyers too); only
// owners change it (a staff post is the 403 page, as keys and webhooks are). The same rules as
// `cli dealers update` (profile.ts); numbers are shown as people of the market write them.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../../core/db/store.js';
import { ownerOnly, signedIn, type Lang, type PanelUser } from '../../core/web/context.js';
import { PageError } from '../../core/web/errors.js';
import { html, type Html } from '../../core/web/html.js';
import { csrfField } from '../../core/web/layout.js';
import { formFields, redirectTo, sendPage } from '../../core/web/render.js';
import { MARKET_TIME_ZONES, timeZoneOfMarket } from '../markets/markets.js';
import { displayPhone } from '../markets/phone.js';
import { PROFILE_TEXTS } from './panel-texts.js';
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
import { findDealerById, updateDealerProfile } from './repository.js';

export interface DealerPagesDeps {
  store: Store;
}

type Entered = Record<ProfileField, string>;

/** A zone's name as people read it: "America/Argentina/Buenos_Aires" → "America / Argentina / Buenos Aires". */
const LOCALES: Record<Lang, string> = { es: 'es', pt: 'pt-BR', en: 'en' };
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
      name = new Intl.DateTimeFormat(LOCALES[lang], { timeZone: zone, timeZoneName: 'longGeneric' })
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

  async function profilePage(
    req: FastifyRequest,
    reply: FastifyReply,
    o: { entered?: Entered; problems?: Partial<Record<ProfileField, ProfileProblem>>; status?: number } = {},
  ) {
    const user = signedIn(req);
    const t = PROFILE_TEXTS[req.panelLang];
    const profile = profileOf(await profileRow(user));
    const entered = o.entered ?? enteredOf(profile, user.markets[0]);
    const problems = o.problems ?? {};
    const saved = (req.query as { done?: string }).done === 'saved';
    return sendPage(req, reply, {
      title: t.title,
      section: 'profile',
      status: o.status,
      body: html`<h1>${t.title}</h1>
${saved ? html`<p class="notice ok" role="status">${t.saved}</p>` : ''}
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
}`,
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
};
