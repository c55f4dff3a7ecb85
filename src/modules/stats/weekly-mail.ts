// The weekly summary e-mail to owners (D34, P119): the last local week's figures, the three cars
// to act on and links into the panel, in each owner's language and the dealership's time zone.
// An hourly job looks at every dealership; one whose local time has passed Monday 08:00 and
// whose last week has no row in stats_weekly_mails gets that row and its mails queued in one
// transaction: the row's primary key makes it once per dealership and week across processes
// and restarts (a second claimant inserts nothing and queues nothing). Owners turn it off in
// My account (users.weekly_stats). A dealership's first summary is of its first whole week.
// It also names the cars to improve (D43, P248): the overview's selection, each with its score
// and its first hint (the fix worth the most) in the owner's language.
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { DB } from '../../core/db/schema.js';
import type { Store } from '../../core/db/store.js';
import { localeFor, render, textsOf } from '../../core/i18n/index.js';
import { writeTransaction } from '../../core/db/transaction.js';
import { enqueue } from '../../core/jobs/queue.js';
import type { JobWorker } from '../../core/jobs/worker.js';
import { queueMail, type OutgoingMail } from '../../core/mail/outbox.js';
import type { Lang } from '../../core/web/context.js';
import { html } from '../../core/web/html.js';
import { marketFormat } from '../markets/format.js';
import { dealerTimeZone, localeTagOf } from '../markets/markets.js';
import { userLang } from '../users/service.js';
import { carTitle } from '../vehicles/pages.js';
import { hintMsg, qualityOf } from '../vehicles/quality.js';
import { carsToImproveWithFacts } from '../vehicles/repository.js';
import { chartFormat } from './chart.js';
import { carsToActOn, panelStats, type PanelStats } from './panel-stats.js';
import { claimWeek, dealersPage, weeklyRecipients, type SummaryDealer, type SummaryRecipient } from './repository.js';
import { addDays, localDate, localDayStart } from './time-zone.js';
import { durationText, SPEED_TEXTS } from './response-words.js';

const HOUR = 3_600_000;
/** Local hour of Monday from which last week's summary goes out. */
const SEND_HOUR = 8;
const DEALERS_PER_PAGE = 200;

const TEXTS = textsOf('weekly.');
const QUALITY_TEXTS = textsOf('quality.');

/** Cars to improve the mail names (P248): fewer than the overview's ten, a mail is read on a phone. */
const MAIL_TO_IMPROVE = 5;

type ImproveCar = Awaited<ReturnType<typeof carsToImproveWithFacts>>[number];

const STYLE = 'font-family:system-ui,sans-serif;line-height:1.5;color:#1b1f24';
const BUTTON = 'display:inline-block;padding:10px 16px;background:#0b5cad;color:#fff;border-radius:6px;text-decoration:none';

/** The Monday that starts the local week of `date` (YYYY-MM-DD). */
export function mondayOf(date: string): string {
  const dow = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(date, -((dow + 6) % 7));
}

/** The local week to summarize now (its Monday), or null before Monday 08:00 local has passed. */
export function weekDue(now: number, zone: string): string | null {
  const thisMonday = mondayOf(localDate(now, zone));
  if (now < localDayStart(thisMonday, zone) + SEND_HOUR * HOUR) return null;
  return addDays(thisMonday, -7);
}

/** The locale of a user's numbers and dates (as the panel's, users/service.ts). */
const localeOf = (lang: Lang, markets: string[]): string => localeFor(lang, localeTagOf(markets[0] ?? 'us'));

function weeklyMail(o: {
  lang: Lang;
  locale: string;
  to: string;
  dealer: SummaryDealer;
  stats: PanelStats;
  toImprove: ImproveCar[];
  panelUrl: string;
}): OutgoingMail {
  const t = TEXTS[o.lang];
  const f = chartFormat(o.locale);
  const n = f.number;
  const r = o.stats;
  const pct = (x: number) => new Intl.NumberFormat(o.locale, { style: 'percent' }).format(x / 100);
  const figures: [string, number][] = [
    [t.figures.views, r.totals.views],
    [t.figures.phone, r.totals.phone],
    [t.figures.whatsapp, r.totals.whatsapp],
    [t.figures.leads, r.totals.leads],
  ];
  const act = carsToActOn(r).map((a) => ({
    name: `${carTitle(a.car)} (${a.car.external_id})`,
    price: marketFormat(a.car.market).price(a.car.price_cents, a.car.currency),
    why: a.why === 'unanswered' ? t.why.unanswered(n(a.n), a.n) : a.why === 'above' ? t.why.above(pct(a.n)) : t.why.quiet(n(a.n), a.n),
    url: `${o.panelUrl}/inventory/${a.car.id}`,
  }));
  // Reply speed (D42): the week's median and share within an hour, and the market's median.
  const sp = SPEED_TEXTS[o.lang];
  const rs = r.response;
  const share = new Intl.NumberFormat(o.locale, { style: 'percent' }).format(rs.within_1h_share);
  const speed = [
    rs.median_minutes === null ? sp.mailTooFew(share) : sp.mailLine(durationText(o.lang, rs.median_minutes * 60_000), share),
    ...(rs.market_median_minutes === null ? [] : [sp.mailMarket(durationText(o.lang, rs.market_median_minutes * 60_000))]),
  ].join(' ');
  // D43, P248: each car to improve with its stored score (as the overview shows it) and the hint worth the most.
  const qt = QUALITY_TEXTS[o.lang];
  const improve = o.toImprove.map((c) => {
    const top = qualityOf(c).hints[0];
    return {
      name: `${carTitle(c)} (${c.external_id})`,
      score: qt.score(n(c.quality_score ?? 100)),
      hint: top ? `${render(o.lang, hintMsg(top))} (${qt.points(top.points)})` : '',
      url: `${o.panelUrl}/inventory/${c.id}#quality`,
    };
  });
  const improveAll = `${o.panelUrl}/inventory?sort=quality`;
  // A dealership with nothing for sale has nothing to improve: no section rather than "every car scores 100".
  const improveShown = improve.length > 0 || r.forSale > 0;
  const intro = t.intro(f.day(r.from), f.day(r.to));
  const subject = t.subject(o.dealer.name, n(r.totals.views), r.totals.views, n(r.totals.leads), r.totals.leads);
  const perf = `${o.panelUrl}/stats?days=30`;
  const account = `${o.panelUrl}/account`;
  const text = [
    intro,
    ...figures.map(([k, v]) => `  ${k}: ${n(v)}`),
    ...(rs.leads > 0 ? ['', speed] : []),
    '',
    `${t.act}:`,
    ...(act.length ? act.map((a, i) => `  ${i + 1}. ${a.name} — ${a.price} — ${a.why}\n     ${a.url}`) : [`  ${t.actNone}`]),
    '',
    ...(improveShown
      ? [
          `${t.improve.title}:`,
          ...(improve.length
            ? [t.improve.help, ...improve.map((c, i) => `  ${i + 1}. ${c.name} — ${c.score} — ${c.hint}\n     ${c.url}`), `  ${qt.toImproveAll}: ${improveAll}`]
            : [`  ${qt.toImproveNone}`]),
          '',
        ]
      : []),
    `${t.open}: ${perf}`,
    '',
    '-- ',
    `${t.optOut} ${account}`,
    '',
  ].join('\n');
  const body = html`<!doctype html><html lang="${o.lang}"><body style="${STYLE}">
<p>${intro}</p>
<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${figures.map(
    ([k, v]) =>
      html`<tr><td style="padding:4px 16px 4px 0;color:#5b6470">${k}</td><td style="padding:4px 0;font-weight:600;text-align:right">${n(v)}</td></tr>`,
  )}</table>
${rs.leads > 0 ? html`<p>${speed}</p>` : ''}
<h2 style="font-size:17px;margin:16px 0 8px">${t.act}</h2>
${
  act.length
    ? html`<ol>${act.map((a) => html`<li><a href="${a.url}">${a.name}</a> &mdash; ${a.price}<br><span style="color:#5b6470">${a.why}</span></li>`)}</ol>`
    : html`<p>${t.actNone}</p>`
}
${
  improveShown
    ? html`<h2 style="font-size:17px;margin:16px 0 8px">${t.improve.title}</h2>${
        improve.length
          ? html`<p>${t.improve.help}</p><ol>${improve.map(
              (c) => html`<li><a href="${c.url}">${c.name}</a> &mdash; ${c.score}<br><span style="color:#5b6470">${c.hint}</span></li>`,
            )}</ol><p><a href="${improveAll}">${qt.toImproveAll}</a></p>`
          : html`<p>${qt.toImproveNone}</p>`
      }`
    : ''
}
<p><a href="${perf}" style="${BUTTON}">${t.open}</a></p>
<p style="color:#5b6470;font-size:13px">${t.optOut} <a href="${account}">${account}</a></p>
</body></html>`;
  return { kind: 'stats_weekly', to: o.to, dealerId: o.dealer.id, subject, text, html: body.value };
}

/** Queues one dealership's summary of `week` unless it was already; resolves with the mails queued (null: already done). */
async function summarizeDealer(store: Store, clock: Clock, publicBaseUrl: string, dealer: SummaryDealer, week: string): Promise<number | null> {
  return writeTransaction(store, async (trx) => {
    const recipients: SummaryRecipient[] = await weeklyRecipients(trx, dealer.id);
    const now = clock.now();
    if (!(await claimWeek(trx, dealer.id, week, recipients.length, now))) return null;
    if (recipients.length === 0) return 0;
    const zone = dealerTimeZone(dealer.time_zone, dealer.markets);
    const stats = await panelStats(trx, { dealerId: dealer.id, markets: dealer.markets, zone, now, length: 7, to: addDays(week, 6) });
    // The cars as they stand when the mail goes (the score is of now, not of the week summed up).
    const toImprove = await carsToImproveWithFacts(trx, dealer.id, MAIL_TO_IMPROVE);
    for (const u of recipients) {
      const lang = userLang(u, dealer.markets);
      await queueMail(
        trx,
        clock,
        weeklyMail({ lang, locale: localeOf(lang, dealer.markets), to: u.email, dealer, stats, toImprove, panelUrl: `${publicBaseUrl}/panel` }),
      );
    }
    return recipients.length;
  });
}

/** Every dealership whose last local week is due and not yet summarized gets its summary; resolves with the mails queued. */
export async function sendWeeklySummaries(deps: { store: Store; clock: Clock; publicBaseUrl: string }): Promise<number> {
  let after = 0;
  let mails = 0;
  for (;;) {
    const dealers = await dealersPage(deps.store.db, after, DEALERS_PER_PAGE);
    for (const d of dealers) {
      const zone = dealerTimeZone(d.time_zone, d.markets);
      const week = weekDue(deps.clock.now(), zone);
      // The first summary is of the first whole week the dealership existed in (none of a week before it joined).
      if (week === null || d.created_at >= localDayStart(week, zone)) continue;
      mails += (await summarizeDealer(deps.store, deps.clock, deps.publicBaseUrl, d, week)) ?? 0;
    }
    if (dealers.length < DEALERS_PER_PAGE) return mails;
    after = dealers[dealers.length - 1]!.id;
  }
}

export function defineWeeklySummary(worker: JobWorker, deps: { store: Store; clock: Clock; publicBaseUrl: string }): void {
  worker.define('stats.weekly_summary', {
    repeatEveryMs: HOUR,
    handler: async (_payload, { log }) => {
      const mails = await sendWeeklySummaries(deps);
      if (mails > 0) log.info({ mails }, 'weekly statistics summaries queued');
    },
  });
}

/** Makes sure the hourly job exists (one for the whole store). */
export async function scheduleWeeklySummary(db: Kysely<DB>, clock: Clock): Promise<void> {
  await enqueue(db, clock, 'stats.weekly_summary', {}, { jobKey: 'stats.weekly_summary', maxAttempts: 5 });
}
