// The panel's leads (D29): the inbox (newest activity first: each buyer by name with the car's
// photo, the first line of the latest message and its age, P100; unread marked; filters by stage
// and car and search by buyer name or stock ID, folded away on a phone) and a lead's
// conversation (the messages first, newest at the bottom, the reply box under them with the
// user's saved replies, P102; then the buyer, car and stage), the only page that shows the
// buyer's e-mail and phone, and links the car's other leads with the same e-mail or phone (never
// merged, D37). Replies and stage changes go through the same service as the API (service.ts).
// A lead of the dealership's sandbox opens here too, under a banner, its replies kept as notes (P161).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../core/clock.js';
import type { LeadMessageRow, LeadStage, SavedReplyRow } from '../../core/db/schema.js';
import type { Store } from '../../core/db/store.js';
import { idParam, signedIn, type PanelUser } from '../../core/web/context.js';
import { PageError } from '../../core/web/errors.js';
import { html, type Html } from '../../core/web/html.js';
import { textsOf } from '../../core/i18n/index.js';
import { csrfField } from '../../core/web/layout.js';
import { dateTime, fullDateTime } from '../../core/web/time.js';
import { formFields, redirectTo, sendPage } from '../../core/web/render.js';
import { marketFormat } from '../markets/format.js';
import { updateAccount } from '../users/service.js';
import { photoUrl } from '../photos/url.js';
import { shownPhotos, shownUrls } from '../vehicles/photos/state.js';
import { vehicleLabel } from '../vehicles/serialize.js';
import { displayPhone, telHref, whatsappDigits } from '../markets/phone.js';
import { durationText, SPEED_TEXTS } from '../stats/response-words.js';
import { addSavedReply, listSavedReplies, removeSavedReply, SAVED_REPLIES_MAX, SAVED_REPLY_MAX, type SavedReplyProblem } from './saved-replies.js';
import { LEAD_STAGES } from './schemas.js';
import {
  changeStage,
  inboxOf,
  isStage,
  openContactLink,
  openConversation,
  panelLeadDealer,
  REPLY_MAX,
  replyProblem,
  replyToLead,
  type Conversation,
  type InboxQuery,
  type ReplyProblem,
} from './service.js';

export interface LeadPagesDeps {
  store: Store;
  clock: Clock;
  publicBaseUrl: string;
}

const LEAD_TEXTS = textsOf('leads.');
const INVENTORY_TEXTS = textsOf('inventory.');
const SEARCH_MAX = 100;
const STAGE_BADGE: Record<LeadStage, string> = { new: 'badge warn', contacted: 'badge', won: 'badge ok', lost: 'badge bad' };
/** The inbox shows the first line of the latest message; the conversation has it whole. */
const PREVIEW_CHARS = 120;
const firstLine = (text: string | null): string => {
  const line = ((text ?? '').trim().split('\n')[0] ?? '').replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_CHARS ? `${line.slice(0, PREVIEW_CHARS).trimEnd()}…` : line;
};

/** A car's first photo, small (the narrow copy when there is one, P88), as a same-origin path. */
function thumbPath(shownJson: string): string | undefined {
  const first = shownPhotos(shownJson)[0];
  if (!first) return undefined;
  return photoUrl('', first.file_id, first.w?.includes(480) ? 'w480' : 'display', first.ext);
}

const notice = (kind: 'ok' | 'bad' | 'warn', text: string | undefined): Html | '' => (text ? html`<p class="notice ${kind}" role="status">${text}</p>` : '');
const stageBadge = (stage: LeadStage, label: string): Html => html`<span class="${STAGE_BADGE[stage]}">${label}</span>`;
/** A message's text with its line breaks (the page's CSS has no pre-line rule for this). */
const multiline = (text: string): Html[] => text.split('\n').map((line, i) => (i === 0 ? html`${line}` : html`<br>${line}`));

type InboxParams = { stage?: string; car?: string; q?: string; page?: string; done?: string };

function readInboxQuery(q: InboxParams): InboxQuery {
  const car = q.car && /^[1-9]\d{0,15}$/.test(q.car) ? Number(q.car) : undefined;
  const page = q.page && /^[1-9]\d{0,5}$/.test(q.page) ? Number(q.page) : 1;
  const search = (q.q ?? '').trim().slice(0, SEARCH_MAX);
  return { stage: isStage(q.stage) ? q.stage : undefined, vehicleId: car, search: search || undefined, page };
}

function inboxHref(q: InboxQuery, over: Partial<InboxQuery> = {}): string {
  const m = { ...q, ...over };
  const p = new URLSearchParams();
  if (m.stage) p.set('stage', m.stage);
  if (m.vehicleId) p.set('car', String(m.vehicleId));
  if (m.search) p.set('q', m.search);
  if (m.page > 1) p.set('page', String(m.page));
  const s = p.toString();
  return s ? `/panel/leads?${s}` : '/panel/leads';
}

/** Who wrote an entry, as the page names them. */
function whoOf(e: LeadMessageRow, t: (typeof LEAD_TEXTS)['en']): string {
  if (e.user_id === null && e.author_name === null) return t.viaApi;
  return e.author_name ?? t.removedUser;
}

export const leadPages: FastifyPluginAsync<{ deps: LeadPagesDeps }> = async (app, { deps }) => {
  // The search may be a buyer's name: core/logger.ts keeps panel searches out of the logs.
  app.get<{ Querystring: InboxParams }>('/leads', async (req, reply) => {
    const user = signedIn(req);
    const t = LEAD_TEXTS[user.lang];
    const q = readInboxQuery(req.query);
    const { rows, more, counts, cars } = await inboxOf(deps.store.db, user.dealerId, q);
    const total = counts.reduce((s, c) => s + c.n, 0);
    const unread = counts.reduce((s, c) => s + c.unread, 0);
    const countOf = (s: LeadStage) => counts.find((c) => c.stage === s)?.n ?? 0;
    const filtered = q.stage !== undefined || q.vehicleId !== undefined || q.search !== undefined;

    const stageLinks = html`<nav class="actions" aria-label="${t.filterStage}">
<a href="${inboxHref(q, { stage: undefined, page: 1 })}"${q.stage === undefined ? html` aria-current="page"` : ''}>${t.all} (${total})</a>
${LEAD_STAGES.map(
  (s) =>
    html`<a href="${inboxHref(q, { stage: s, page: 1 })}"${q.stage === s ? html` aria-current="page"` : ''}>${t.stages[s]} (<span data-stage-count="${s}">${countOf(s)}</span>)</a>`,
)}
${unread > 0 ? html`<span class="badge warn">${t.unreadCount(unread)}</span>` : ''}
</nav>`;

    // On a phone the filters fold away (<details>, no script); open while a filter is set.
    const filters = html`<details class="fold card"${filtered ? html` open` : ''}><summary>${t.filters}</summary>
<form class="filters" method="get" action="/panel/leads" role="search">
<div><label for="f-stage">${t.filterStage}</label><select id="f-stage" name="stage"><option value="">${t.anyStage}</option>${LEAD_STAGES.map(
      (s) => html`<option value="${s}"${q.stage === s ? html` selected` : ''}>${t.stages[s]}</option>`,
    )}</select></div>
<div><label for="f-car">${t.filterCar}</label><select id="f-car" name="car"><option value="">${t.anyCar}</option>${cars.map(
      (c) => html`<option value="${c.id}"${q.vehicleId === c.id ? html` selected` : ''}>${c.external_id} · ${vehicleLabel(c)}</option>`,
    )}</select></div>
<div><label for="f-q">${t.search}</label><input id="f-q" name="q" type="search" maxlength="${SEARCH_MAX}" value="${q.search ?? ''}"></div>
<div class="actions"><button type="submit">${t.filter}</button>${filtered ? html`<a href="/panel/leads">${t.clear}</a>` : ''}</div>
</form></details>`;

    const list = rows.length
      ? html`<ul class="inbox card">
${rows.map((r) => {
  const thumb = thumbPath(r.shown_photos);
  const name = r.erased_at !== null ? t.erased : r.buyer_name;
  return html`<li${r.unread ? html` class="unread"` : ''} data-lead="${r.id}">
${thumb ? html`<img class="thumb" src="${thumb}" alt="" width="64" height="48" loading="lazy">` : html`<span class="thumb" role="img" aria-label="${t.noPhoto}"></span>`}
<span class="grow"><a href="/panel/leads/${r.id}">${r.unread ? html`<strong>${name}</strong>` : name}</a>${r.unread ? html` <span class="badge warn">${t.unread}</span>` : ''} ${stageBadge(r.stage, t.stages[r.stage])}
<span class="line1 muted">${vehicleLabel(r)} · ${r.external_id}</span>
<span class="line1">${firstLine(r.last_message)}</span>
${r.first_response_at !== null ? html`<span class="line1 muted" data-first-response>${SPEED_TEXTS[user.lang].answeredIn(durationText(user.lang, r.first_response_at - r.created_at))}</span>` : ''}</span>
<time class="age muted" datetime="${new Date(r.last_activity_at).toISOString()}" title="${fullDateTime(r.last_activity_at, user)}">${dateTime(r.last_activity_at, user)}</time>
</li>`;
})}
</ul>`
      : html`<p class="card muted">${total === 0 ? t.none : t.noneFound}</p>`;

    const pager =
      q.page > 1 || more
        ? html`<nav class="pager">${q.page > 1 ? html`<a href="${inboxHref(q, { page: q.page - 1 })}">&larr; ${q.page - 1}</a>` : html`<span></span>`}${
            more ? html`<a href="${inboxHref(q, { page: q.page + 1 })}">${q.page + 1} &rarr;</a>` : ''
          }</nav>`
        : '';

    const notices = html`<section class="card" id="notices" aria-labelledby="notices-title">
<h2 id="notices-title">${t.noticesTitle}</h2>
<p>${user.notifyLeads ? t.noticesOn : t.noticesOff}</p>
<form method="post" action="/panel/leads/notices">${csrfField(req.csrfToken)}<input type="hidden" name="on" value="${user.notifyLeads ? '0' : '1'}"><button class="secondary" type="submit">${user.notifyLeads ? t.turnOff : t.turnOn}</button></form>
</section>`;

    return sendPage(req, reply, {
      title: t.title,
      section: 'leads',
      body: html`<h1>${t.title}</h1>
${notice('ok', req.query.done === 'notices' ? t.noticesSaved : undefined)}
<p class="muted">${t.intro}</p>
${stageLinks}
${filters}
${list}
${pager}
<p><a href="/panel/leads/replies">${t.savedManage}</a></p>
${notices}`,
    });
  });

  app.post('/leads/notices', async (req, reply) => {
    const user = signedIn(req);
    const f = formFields(req.body);
    if (f.on !== '0' && f.on !== '1') throw new PageError(400, 'bad_request');
    await updateAccount(deps.store.db, user, { notifyLeads: f.on === '1' });
    return redirectTo(reply, '/panel/leads?done=notices#notices');
  });

  function conversationPage(
    req: FastifyRequest,
    reply: FastifyReply,
    user: PanelUser,
    c: Conversation,
    saved: SavedReplyRow[],
    form: { text?: string; problem?: ReplyProblem; done?: string; picked?: number } = {},
  ) {
    const t = LEAD_TEXTS[user.lang];
    const sp = SPEED_TEXTS[user.lang];
    const { lead, contact, car, entries } = c;
    const carTitle = car ? vehicleLabel(car) : lead.external_id;
    const erased = !contact || contact.erased_at !== null;
    const email = erased ? null : contact.email;
    const phone = erased ? null : contact.phone;
    const buyerName = erased ? t.erased : contact.name;
    // The buyer's number is read in the car's market (D32, P83): "11 4444 2222" on an Argentine
    // listing is +54 9 11 4444-2222, dialled and on WhatsApp; the dealership's first market when the car is gone.
    const market = car?.market ?? user.markets[0];

    const buyerCard = html`<section class="card" aria-labelledby="buyer-title">
<h2 id="buyer-title">${t.buyer}</h2>
${
  erased
    ? html`<p><strong>${t.erased}</strong></p>${contact?.erased_at ? html`<p class="muted">${t.erasedNote(dateTime(contact.erased_at, user))}</p>` : ''}`
    : html`<dl class="fields">
<dt>${t.name}</dt><dd>${contact.name}</dd>
${email ? html`<dt>${t.email}</dt><dd><a href="mailto:${email}">${email}</a></dd>` : ''}
${
  phone
    ? // Through /contact (D42, issue 37 §3): opening either records the first response and moves a new lead to contacted, no script needed.
      html`<dt>${t.phone}</dt><dd>${displayPhone(phone, market)}
<div class="actions contact-links"><form method="post" action="/panel/leads/${lead.id}/contact" class="inline">${csrfField(req.csrfToken)}<input type="hidden" name="via" value="phone"><button class="secondary" type="submit">${sp.call}</button></form>
<form method="post" action="/panel/leads/${lead.id}/contact" class="inline" target="_blank">${csrfField(req.csrfToken)}<input type="hidden" name="via" value="whatsapp"><input type="hidden" name="saved" value="${form.picked ?? ''}" data-saved-choice><button class="secondary" type="submit">${t.whatsapp}</button></form></div></dd>`
    : ''
}
</dl>
${c.related.map(
  (r) =>
    html`<p class="related-lead" data-lead="${r.lead_id}">${r.same_email && r.same_phone ? t.sameBoth : r.same_email ? t.sameEmail : t.samePhone} <a href="/panel/leads/${r.lead_id}">${t.leadRef(r.lead_id)}</a></p>`,
)}
<p class="muted">${t.onlyHere}</p>`
}
</section>`;

    const photo = car ? shownUrls(deps.publicBaseUrl, car.shown_photos)[0] : undefined;
    const carCard = html`<section class="card" aria-labelledby="car-title">
<h2 id="car-title">${t.car}</h2>
${
  car
    ? html`${photo ? html`<div class="photos"><figure><img src="${photo}" alt="${carTitle}" width="320" height="240" loading="lazy"></figure></div>` : ''}
<dl class="fields">
<dt>${t.car}</dt><dd>${carTitle}</dd>
<dt>${t.stockId}</dt><dd>${car.external_id}</dd>
<dt>${t.price}</dt><dd>${marketFormat(car.market).price(car.price_cents, car.currency)}</dd>
<dt>${t.status}</dt><dd><span class="badge${car.status === 'active' ? ' ok' : ''}">${INVENTORY_TEXTS[user.lang].status[car.status]}</span></dd>
</dl>
<div class="actions"><a href="${c.carUrl}" target="_blank" rel="noopener">${t.carPage}</a></div>`
    : html`<p class="muted">${t.carGone}</p>`
}
</section>`;

    const stageCard = html`<section class="card" aria-labelledby="stage-title">
<h2 id="stage-title">${t.stage}</h2>
<p>${stageBadge(lead.stage, t.stages[lead.stage])}</p>
<p data-first-response>${
      lead.first_response_at !== null
        ? html`${sp.firstResponse}: ${sp.firstResponseAt(durationText(user.lang, lead.first_response_at - lead.created_at), dateTime(lead.first_response_at, user))}`
        : html`<span class="muted">${sp.firstResponseNone}</span>`
    }</p>
<form method="post" action="/panel/leads/${lead.id}/stage" class="actions">${csrfField(req.csrfToken)}<span class="muted">${t.moveTo}:</span>
${LEAD_STAGES.filter((s) => s !== lead.stage).map((s) => html`<button class="secondary" type="submit" name="stage" value="${s}">${t.stages[s]}</button>`)}
</form>
</section>`;

    const thread = html`<section class="thread" aria-labelledby="thread-title">
<h2 id="thread-title">${t.conversation}</h2>
${entries.map((e) => {
  const when = html`<time class="muted" datetime="${new Date(e.created_at).toISOString()}" title="${fullDateTime(e.created_at, user)}">${dateTime(e.created_at, user)}</time>`;
  if (e.author === 'stage') {
    const stage = e.stage ?? lead.stage;
    return html`<p class="muted" id="entry-${e.id}">${t.stageChanged(whoOf(e, t), t.stages[stage])} · ${when}</p>`;
  }
  const who =
    e.author === 'buyer'
      ? html`<strong>${erased ? t.fromBuyer : buyerName}</strong>`
      : html`<strong>${e.author === 'dealer' ? t.replied(whoOf(e, t)) : t.noted(whoOf(e, t))}</strong>`;
  return html`<article class="card" id="entry-${e.id}" data-author="${e.author}">
<p>${who} · ${when}</p>
<p>${multiline(e.body)}</p>
</article>`;
})}
</section>`;

    // A sandbox lead's buyer is made up: nothing is e-mailed, what is written is a note (P161).
    const asNote = !email || c.sandbox;
    // Saved replies (P102): a GET form that puts one in the box (no script needed); with the
    // script it is inserted where the cursor is, keeping what was typed.
    const picker = saved.length
      ? html`<form method="get" action="/panel/leads/${lead.id}#reply" class="replies-pick" data-insert="reply">
<div class="grow"><label for="saved">${t.savedPick}</label><select id="saved" name="saved">${saved.map(
          (r) => html`<option value="${r.id}" data-text="${r.body}"${form.picked === r.id ? html` selected` : ''}>${firstLine(r.body)}</option>`,
        )}</select></div>
<button class="secondary" type="submit">${t.savedInsert}</button>
</form>`
      : '';
    const replyForm = html`<section class="card" aria-labelledby="reply-title">
<h2 id="reply-title">${asNote ? t.noteTitle : t.replyTitle}</h2>
${asNote ? notice('warn', c.sandbox ? t.sandboxNoteHelp : erased ? t.erasedHelp : t.noteHelp) : ''}
${form.problem ? notice('bad', t.problems[form.problem]) : ''}
${picker}
<form method="post" action="/panel/leads/${lead.id}/reply">
${csrfField(req.csrfToken)}
<label for="reply">${asNote ? t.noteLabel : t.replyLabel}</label>
<textarea id="reply" name="reply" required maxlength="${REPLY_MAX}" rows="6"${form.problem ? html` aria-invalid="true"` : ''}${asNote ? '' : html` aria-describedby="reply-help"`}>
${form.text ?? ''}</textarea>
${asNote ? '' : html`<p id="reply-help" class="muted">${t.replyHelp(email)}</p>`}
<div class="actions"><button type="submit">${asNote ? t.noteSave : t.replySend}</button><a href="/panel/leads/replies">${t.savedManage}</a></div>
</form>
</section>`;

    const done = form.done === 'replied' ? t.replied_done : form.done === 'noted' ? t.noted_done : form.done === 'stage' ? t.stage_done : undefined;
    return sendPage(req, reply, {
      title: t.conversationTitle(carTitle),
      section: 'leads',
      status: form.problem ? 422 : 200,
      body: html`<p><a href="/panel/leads">&larr; ${t.back}</a></p>
<h1>${t.conversationTitle(carTitle)}</h1>
${c.sandbox ? html`<p class="notice warn sandbox-banner" role="status">${t.sandboxLead}</p>` : ''}
${notice('ok', done)}
<div class="convo">
<div class="convo-main">
${thread}
${replyForm}
</div>
<div class="convo-side">
${buyerCard}
${carCard}
${stageCard}
</div>
</div>`,
    });
  }

  app.get<{ Params: { id: string }; Querystring: { done?: string; saved?: string } }>('/leads/:id', async (req, reply) => {
    const user = signedIn(req);
    const [c, saved] = await Promise.all([openConversation(deps, user.dealerId, idParam(req.params.id)), listSavedReplies(deps.store, user)]);
    // ?saved=<id>: one of the user's saved replies in the box (another's id puts nothing there).
    const picked = req.query.saved ? saved.find((r) => String(r.id) === req.query.saved) : undefined;
    return conversationPage(req, reply, user, c, saved, { done: req.query.done, text: picked?.body, picked: picked?.id });
  });

  app.post<{ Params: { id: string } }>('/leads/:id/reply', async (req, reply) => {
    const user = signedIn(req);
    const id = idParam(req.params.id);
    const text = formFields(req.body).reply ?? '';
    const problem = replyProblem(text);
    if (problem) {
      // The page again, with what was typed; opening it to re-render also checks the dealership.
      const [c, saved] = await Promise.all([openConversation(deps, user.dealerId, id), listSavedReplies(deps.store, user)]);
      return conversationPage(req, reply, user, c, saved, { text: text.slice(0, REPLY_MAX * 2), problem });
    }
    const { mailed } = await replyToLead(deps, user, id, text);
    return redirectTo(reply, `/panel/leads/${id}?done=${mailed ? 'replied' : 'noted'}`);
  });

  // The conversation's call and WhatsApp buttons (issue 37 §3, D42): a form post (a link would
  // let another site record a response) that records the first response, then goes on to the
  // number; WhatsApp with the chosen saved reply as its text.
  app.post<{ Params: { id: string } }>('/leads/:id/contact', async (req, reply) => {
    const user = signedIn(req);
    const id = idParam(req.params.id);
    const f = formFields(req.body);
    // Another dealership's lead is 404 whatever the form holds (as every id route of the panel).
    await panelLeadDealer(deps.store.db, user.dealerId, id);
    if (f.via !== 'whatsapp' && f.via !== 'phone') throw new PageError(400, 'bad_request');
    const reached = await openContactLink(deps, user, id);
    if (!reached) throw new PageError(404, 'not_found');
    if (f.via === 'phone') return redirectTo(reply, telHref(reached.phone, reached.market));
    const saved = f.saved ? (await listSavedReplies(deps.store, user)).find((r) => String(r.id) === f.saved) : undefined;
    const wa = `https://wa.me/${whatsappDigits(reached.phone, reached.market)}${saved ? `?text=${encodeURIComponent(saved.body)}` : ''}`;
    return redirectTo(reply, wa);
  });

  app.post<{ Params: { id: string } }>('/leads/:id/stage', async (req, reply) => {
    const user = signedIn(req);
    const id = idParam(req.params.id);
    const stage = formFields(req.body).stage;
    if (!isStage(stage)) throw new PageError(400, 'bad_request', LEAD_TEXTS[user.lang].badStage);
    // The lead may be the sandbox's (P161): changed where it is, as PATCH /leads/{id} with a sandbox key would.
    const dealerId = await panelLeadDealer(deps.store.db, user.dealerId, id);
    await changeStage(deps, dealerId, id, stage, { userId: user.id, name: user.name || user.email });
    return redirectTo(reply, `/panel/leads/${id}?done=stage`);
  });

  // Saved replies (P102): the user's own, made and deleted here.
  async function savedRepliesPage(req: FastifyRequest, reply: FastifyReply, form: { text?: string; problem?: SavedReplyProblem; done?: string } = {}) {
    const user = signedIn(req);
    const t = LEAD_TEXTS[user.lang];
    const saved = await listSavedReplies(deps.store, user);
    const full = saved.length >= SAVED_REPLIES_MAX;
    const done = form.done === 'added' ? t.savedAdded : form.done === 'deleted' ? t.savedDeleted : undefined;
    return sendPage(req, reply, {
      title: t.savedTitle,
      section: 'leads',
      status: form.problem ? 422 : 200,
      body: html`<p><a href="/panel/leads">&larr; ${t.back}</a></p>
<h1>${t.savedTitle}</h1>
${notice('ok', done)}
<p class="muted">${t.savedIntro}</p>
${
  saved.length
    ? html`<ul class="inbox card">${saved.map(
        (r) => html`<li data-saved="${r.id}"><span class="grow">${multiline(r.body)}</span>
<form method="post" action="/panel/leads/replies/${r.id}/delete" data-confirm="${t.savedConfirm}">${csrfField(req.csrfToken)}<button class="danger" type="submit">${t.savedDelete}</button></form></li>`,
      )}</ul>`
    : html`<p class="card muted">${t.savedNone}</p>`
}
<section class="card" aria-labelledby="saved-new-title">
<h2 id="saved-new-title">${t.savedNew}</h2>
${form.problem ? notice('bad', t.savedProblems[form.problem]) : full ? notice('warn', t.savedProblems.too_many) : ''}
<form method="post" action="/panel/leads/replies">
${csrfField(req.csrfToken)}
<label for="saved-text">${t.savedLabel}</label>
<textarea id="saved-text" name="text" required maxlength="${SAVED_REPLY_MAX}" rows="4" aria-describedby="saved-help"${form.problem ? html` aria-invalid="true"` : ''}>
${form.text ?? ''}</textarea>
<p id="saved-help" class="muted">${t.savedHelp(SAVED_REPLIES_MAX, SAVED_REPLY_MAX)}</p>
<div class="actions"><button type="submit"${full ? html` disabled` : ''}>${t.savedAdd}</button></div>
</form>
</section>`,
    });
  }

  app.get<{ Querystring: { done?: string } }>('/leads/replies', async (req, reply) => savedRepliesPage(req, reply, { done: req.query.done }));

  app.post('/leads/replies', async (req, reply) => {
    const user = signedIn(req);
    const text = formFields(req.body).text ?? '';
    const r = await addSavedReply(deps, user, text);
    if ('problem' in r) return savedRepliesPage(req, reply, { text: text.slice(0, SAVED_REPLY_MAX * 2), problem: r.problem });
    return redirectTo(reply, '/panel/leads/replies?done=added');
  });

  app.post<{ Params: { id: string } }>('/leads/replies/:id/delete', async (req, reply) => {
    const user = signedIn(req);
    // Another user's id deletes nothing and reads as a page that is not there.
    if (!(await removeSavedReply(deps.store, user, idParam(req.params.id)))) throw new PageError(404, 'not_found');
    return redirectTo(reply, '/panel/leads/replies?done=deleted');
  });
};
