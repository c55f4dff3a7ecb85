// All SQL of listing statistics (D34): the per-day rollup rows, the price history, the leads of
// a range and the comparables' prices. Plain functions taking db or trx.
import { dealerTimeZone } from '../markets/markets.js';
import { sql, type Kysely } from 'kysely';
import type { DB, PanelLang, VehicleRow } from '../../core/db/schema.js';
import { chunks } from '../../core/util/chunks.js';

/** Increments of one car's figures on one local day (added to what is stored). */
export interface DayIncrement {
  vehicle_id: number;
  day: string;
  dealer_id: number;
  market: string;
  views: number;
  phone: number;
  whatsapp: number;
  inquiries: number;
}

/** Adds the increments to the rollup rows, creating the missing ones (one upsert per 200 rows). */
export async function addToDays(db: Kysely<DB>, rows: readonly DayIncrement[]): Promise<void> {
  // Ordered by key: two processes flushing at once lock rows in the same order (no deadlock on PostgreSQL).
  const sorted = [...rows].sort((a, b) => a.vehicle_id - b.vehicle_id || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  for (const part of chunks(sorted, 200)) {
    if (part.length === 0) continue;
    await db
      .insertInto('listing_stats_daily')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['vehicle_id', 'day']).doUpdateSet((eb) => ({
          views: eb('listing_stats_daily.views', '+', eb.ref('excluded.views')),
          phone: eb('listing_stats_daily.phone', '+', eb.ref('excluded.phone')),
          whatsapp: eb('listing_stats_daily.whatsapp', '+', eb.ref('excluded.whatsapp')),
          inquiries: eb('listing_stats_daily.inquiries', '+', eb.ref('excluded.inquiries')),
        })),
      )
      .execute();
  }
  // The dealerships' days (P143), summed here so that they move with the cars' rows, in the same transaction.
  const perDealer = new Map<string, DayIncrement>();
  for (const r of sorted) {
    const k = `${r.dealer_id}\u0000${r.day}\u0000${r.market}`;
    const sum = perDealer.get(k);
    if (!sum) perDealer.set(k, { ...r });
    else {
      sum.views += r.views;
      sum.phone += r.phone;
      sum.whatsapp += r.whatsapp;
      sum.inquiries += r.inquiries;
    }
  }
  const dealerRows = [...perDealer.values()]
    .sort((a, b) => a.dealer_id - b.dealer_id || (a.day < b.day ? -1 : a.day > b.day ? 1 : a.market < b.market ? -1 : a.market > b.market ? 1 : 0))
    .map(({ dealer_id, day, market, views, phone, whatsapp, inquiries }) => ({ dealer_id, day, market, views, phone, whatsapp, inquiries }));
  for (const part of chunks(dealerRows, 200)) {
    if (part.length === 0) continue;
    await db
      .insertInto('listing_stats_dealer_daily')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['dealer_id', 'day', 'market']).doUpdateSet((eb) => ({
          views: eb('listing_stats_dealer_daily.views', '+', eb.ref('excluded.views')),
          phone: eb('listing_stats_dealer_daily.phone', '+', eb.ref('excluded.phone')),
          whatsapp: eb('listing_stats_dealer_daily.whatsapp', '+', eb.ref('excluded.whatsapp')),
          inquiries: eb('listing_stats_dealer_daily.inquiries', '+', eb.ref('excluded.inquiries')),
        })),
      )
      .execute();
  }
}

/** The dealership's time zone (D32): its own, else its first market's; UTC for no such dealership. */
export async function dealerZone(db: Kysely<DB>, dealerId: number): Promise<string> {
  const row = await db.selectFrom('dealers').select(['markets', 'time_zone']).where('id', '=', dealerId).executeTakeFirst();
  return row ? dealerTimeZone(row.time_zone, JSON.parse(row.markets) as string[]) : 'UTC';
}

export interface DayFigures {
  day: string;
  views: number;
  phone: number;
  whatsapp: number;
  inquiries: number;
}

const sums = [
  sql<number>`sum(views)`.as('views'),
  sql<number>`sum(phone)`.as('phone'),
  sql<number>`sum(whatsapp)`.as('whatsapp'),
  sql<number>`sum(inquiries)`.as('inquiries'),
] as const;

const figures = (r: { views: unknown; phone: unknown; whatsapp: unknown; inquiries: unknown }) => ({
  views: Number(r.views),
  phone: Number(r.phone),
  whatsapp: Number(r.whatsapp),
  inquiries: Number(r.inquiries),
});

/** One car's days with figures in [from, to] (served by the primary key). */
export async function vehicleDays(db: Kysely<DB>, vehicleId: number, from: string, to: string): Promise<DayFigures[]> {
  return db
    .selectFrom('listing_stats_daily')
    .select(['day', 'views', 'phone', 'whatsapp', 'inquiries'])
    .where('vehicle_id', '=', vehicleId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
}

/**
 * A dealership's rollup rows in [from, to] (one market's, when given): read from the covering
 * index listing_stats_dealer_cover alone (P143). Exported for the test of its plan.
 */
export function dealerRange(db: Kysely<DB>, dealerId: number, market: string | undefined, from: string, to: string) {
  const q = db.selectFrom('listing_stats_daily').where('dealer_id', '=', dealerId).where('day', '>=', from).where('day', '<=', to);
  return market === undefined ? q : q.where('market', '=', market);
}

/** A dealership's days in [from, to] (one market's, when given): its own rollup's key (P143). Exported for the plan test. */
export function dealerDaysQuery(db: Kysely<DB>, dealerId: number, market: string | undefined, from: string, to: string) {
  const q = db.selectFrom('listing_stats_dealer_daily').where('dealer_id', '=', dealerId).where('day', '>=', from).where('day', '<=', to);
  return (market === undefined ? q : q.where('market', '=', market)).select(['day', ...sums]).groupBy('day');
}

/** A dealership's figures per day in [from, to], all its cars (or one market's) added up. */
export async function dealerDays(db: Kysely<DB>, dealerId: number, market: string | undefined, from: string, to: string): Promise<DayFigures[]> {
  const rows = await dealerDaysQuery(db, dealerId, market, from, to).execute();
  return rows.map((r) => ({ day: r.day, ...figures(r) }));
}

export interface VehicleFigures {
  vehicle_id: number;
  external_id: string;
  listing_id: string;
  views: number;
  phone: number;
  whatsapp: number;
  inquiries: number;
}

/** The dealership's cars with figures in [from, to], most viewed first, at most `limit`. */
export async function dealerVehicles(
  db: Kysely<DB>,
  dealerId: number,
  market: string | undefined,
  from: string,
  to: string,
  limit: number,
): Promise<VehicleFigures[]> {
  const top = await dealerRange(db, dealerId, market, from, to)
    .select(['vehicle_id', ...sums])
    .groupBy('vehicle_id')
    .orderBy(sql`sum(views)`, 'desc')
    .orderBy('vehicle_id')
    .limit(limit)
    .execute();
  if (top.length === 0) return [];
  const cars = new Map(
    (
      await db
        .selectFrom('vehicles')
        .select(['id', 'external_id', 'listing_id'])
        .where(
          'id',
          'in',
          top.map((t) => t.vehicle_id),
        )
        .execute()
    ).map((c) => [c.id, c]),
  );
  return top.flatMap((t) => {
    const car = cars.get(t.vehicle_id);
    return car ? [{ vehicle_id: t.vehicle_id, external_id: car.external_id, listing_id: car.listing_id, ...figures(t) }] : [];
  });
}

/** Leads created in [start, end) per car: of one car, or of the dealership (one market's, when given). */
export async function leadsByVehicle(
  db: Kysely<DB>,
  scope: { vehicleId: number } | { dealerId: number; market: string | undefined },
  start: number,
  end: number,
): Promise<Map<number, number>> {
  let q = db.selectFrom('leads').where('leads.created_at', '>=', start).where('leads.created_at', '<', end);
  if ('vehicleId' in scope) q = q.where('leads.vehicle_id', '=', scope.vehicleId);
  else {
    q = q.where('leads.dealer_id', '=', scope.dealerId);
    if (scope.market !== undefined) {
      const market = scope.market;
      q = q.where((eb) =>
        eb.exists(eb.selectFrom('vehicles').select('vehicles.id').whereRef('vehicles.id', '=', 'leads.vehicle_id').where('vehicles.market', '=', market)),
      );
    }
  }
  const rows = await q
    .select(['leads.vehicle_id', sql<number>`count(*)`.as('n')])
    .groupBy('leads.vehicle_id')
    .execute();
  return new Map(rows.map((r) => [r.vehicle_id, Number(r.n)]));
}

export interface PriceRow {
  price_cents: number;
  currency: string;
  since: number;
}

/** A car's prices, oldest first. */
export async function priceHistory(db: Kysely<DB>, vehicleId: number): Promise<PriceRow[]> {
  return db.selectFrom('vehicle_prices').select(['price_cents', 'currency', 'since']).where('vehicle_id', '=', vehicleId).orderBy('since').execute();
}

/**
 * The prices of a car's comparables (D34): the other active cars of any dealership with the same
 * market, catalog brand and model, condition and currency, year within ±1. Read from the partial
 * index vehicles_comparables alone (its columns end in the price): three short index ranges, one
 * per year, whatever the number of cars stored (P97). The cost is that of the comparables read.
 */
export async function comparablePrices(
  db: Kysely<DB>,
  car: Pick<VehicleRow, 'status' | 'price_cents' | 'market' | 'brand' | 'model' | 'condition' | 'currency' | 'year'>,
  /** A sandbox car (D35) is not among its comparables: nothing of its own to take out. */
  sandbox = false,
): Promise<number[]> {
  const rows = await comparablesQuery(db, car).execute();
  const prices = rows.map((r) => Number(r.price_cents));
  // The car itself, when active, is in the index range: one row of its price is it (no id in
  // the index to exclude it by, so that the read stays index-only on PostgreSQL too).
  if (car.status === 'active' && !sandbox) {
    const own = prices.indexOf(car.price_cents);
    if (own >= 0) prices.splice(own, 1);
  }
  return prices;
}

/** The comparables' prices query (exported for the test of its plan on both stores). */
export function comparablesQuery(db: Kysely<DB>, car: Pick<VehicleRow, 'market' | 'brand' | 'model' | 'condition' | 'currency' | 'year'>) {
  return (
    db
      .selectFrom('vehicles')
      .select('price_cents')
      .where('status', '=', 'active')
      .where('market', '=', car.market)
      .where('brand', '=', car.brand)
      .where('model', '=', car.model)
      .where('condition', '=', car.condition)
      .where('currency', '=', car.currency)
      .where('year', 'in', [car.year - 1, car.year, car.year + 1])
      // Never a sandbox car (D35, P123): dealer_id is the index's last column, so this stays index-only.
      .where('dealer_id', 'not in', db.selectFrom('dealers').select('id').where('sandbox_of', 'is not', null))
  );
}

// ---- The panel's statistics page and the weekly mail (P117–P119) ----

/** A dealership's car as the panel's lists name it. */
export interface PanelCar {
  id: number;
  external_id: string;
  brand: string;
  model: string;
  version: string | null;
  year: number;
  market: string;
  price_cents: number;
  currency: string;
  condition: string;
  status: VehicleRow['status'];
  active_since: number | null;
}

const PANEL_CAR = [
  'vehicles.id',
  'vehicles.external_id',
  'vehicles.brand',
  'vehicles.model',
  'vehicles.version',
  'vehicles.year',
  'vehicles.market',
  'vehicles.price_cents',
  'vehicles.currency',
  'vehicles.condition',
  'vehicles.status',
  'vehicles.active_since',
] as const;

/**
 * The dealership's cars for sale most viewed in [from, to] without a single contact (phone,
 * WhatsApp or inquiry) in it, most viewed first: read from the rollups by (dealer_id, day).
 */
export async function viewedWithoutContacts(
  db: Kysely<DB>,
  dealerId: number,
  from: string,
  to: string,
  limit: number,
): Promise<(PanelCar & { views: number })[]> {
  const rows = await db
    .selectFrom('listing_stats_daily as s')
    .innerJoin('vehicles', 'vehicles.id', 's.vehicle_id')
    .where('s.dealer_id', '=', dealerId)
    .where('s.day', '>=', from)
    .where('s.day', '<=', to)
    .where('vehicles.status', '=', 'active')
    .groupBy(PANEL_CAR)
    .having(sql`sum(s.phone + s.whatsapp + s.inquiries)`, '=', 0)
    .having(sql`sum(s.views)`, '>', 0)
    .select([...PANEL_CAR, sql<number>`sum(s.views)`.as('views')])
    .orderBy(sql`sum(s.views)`, 'desc')
    .orderBy('vehicles.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, views: Number(r.views) }));
}

/**
 * Cars with leads created since `start` that nobody of the dealership has answered: no reply
 * e-mailed to the buyer (a `dealer` message) and the lead still `new` (a lead moved on was
 * handled some other way, e.g. by phone). Most unanswered first, then the oldest waiting.
 */
export async function unansweredByCar(
  db: Kysely<DB>,
  dealerId: number,
  start: number,
  limit: number,
): Promise<(PanelCar & { leads: number; oldest: number })[]> {
  const rows = await db
    .selectFrom('leads')
    .innerJoin('vehicles', 'vehicles.id', 'leads.vehicle_id')
    .where('leads.dealer_id', '=', dealerId)
    .where('leads.created_at', '>=', start)
    .where('leads.stage', '=', 'new')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('lead_messages as m').select('m.id').whereRef('m.lead_id', '=', 'leads.id').where('m.author', '=', 'dealer'))),
    )
    .groupBy(PANEL_CAR)
    .select([...PANEL_CAR, sql<number>`count(*)`.as('leads'), sql<number>`min(leads.created_at)`.as('oldest')])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`min(leads.created_at)`)
    .orderBy('vehicles.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, leads: Number(r.leads), oldest: Number(r.oldest) }));
}

/** The dealership's cars for sale, longest on the market first, at most `limit`. */
export async function carsOnMarket(db: Kysely<DB>, dealerId: number, limit: number): Promise<PanelCar[]> {
  return db
    .selectFrom('vehicles')
    .select(PANEL_CAR)
    .where('vehicles.dealer_id', '=', dealerId)
    .where('vehicles.status', '=', 'active')
    .where('vehicles.active_since', 'is not', null)
    .orderBy('vehicles.active_since')
    .orderBy('vehicles.id')
    .limit(limit)
    .execute();
}

/** How many cars the dealership has for sale. */
export async function countForSale(db: Kysely<DB>, dealerId: number): Promise<number> {
  const row = await db
    .selectFrom('vehicles')
    .select(sql<number>`count(*)`.as('n'))
    .where('dealer_id', '=', dealerId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The times leads were created in [start, end), of the dealership or one car (the pages bucket them into local days). */
export async function leadTimes(db: Kysely<DB>, dealerId: number, start: number, end: number, vehicleId?: number): Promise<number[]> {
  let q = db.selectFrom('leads').select('created_at').where('dealer_id', '=', dealerId).where('created_at', '>=', start).where('created_at', '<', end);
  if (vehicleId !== undefined) q = q.where('vehicle_id', '=', vehicleId);
  const rows = await q.execute();
  return rows.map((r) => Number(r.created_at));
}

export interface SummaryRecipient {
  id: number;
  email: string;
  name: string;
  lang: PanelLang | null;
}

/** The owners who take the weekly summary (signed up, not turned off). */
export async function weeklyRecipients(db: Kysely<DB>, dealerId: number): Promise<SummaryRecipient[]> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'lang'])
    .where('dealer_id', '=', dealerId)
    .where('role', '=', 'owner')
    .where('weekly_stats', '=', 1)
    .where('password_hash', 'is not', null)
    .orderBy('id')
    .execute();
}

export interface SummaryDealer {
  id: number;
  name: string;
  markets: string[];
  time_zone: string | null;
  created_at: number;
}

/** Dealerships after `afterId`, by id (the weekly job walks them in pages). */
export async function dealersPage(db: Kysely<DB>, afterId: number, limit: number): Promise<SummaryDealer[]> {
  const rows = await db
    .selectFrom('dealers')
    .select(['id', 'name', 'markets', 'time_zone', 'created_at'])
    .where('id', '>', afterId)
    // A sandbox twin (D35) has no people of its own and no week to sum up.
    .where('sandbox_of', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    markets: JSON.parse(r.markets) as string[],
    time_zone: r.time_zone,
    created_at: Number(r.created_at),
  }));
}

/**
 * Claims the dealership's week for its summary: true for the one caller that inserted the row
 * (in the transaction that queues the mails), false when the week was already summarized.
 */
export async function claimWeek(db: Kysely<DB>, dealerId: number, week: string, mails: number, now: number): Promise<boolean> {
  const r = await db
    .insertInto('stats_weekly_mails')
    .values({ dealer_id: dealerId, week, mails, created_at: now })
    .onConflict((oc) => oc.columns(['dealer_id', 'week']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

// Reply speed (D42)

/** The first-response delays (ms) of the dealership's leads created in [start, end) (one market's, when given), and how many leads. */
export async function dealerResponseDelays(
  db: Kysely<DB>,
  dealerId: number,
  market: string | undefined,
  start: number,
  end: number,
): Promise<{ leads: number; delays: number[] }> {
  let q = db
    .selectFrom('leads')
    .select(['leads.created_at', 'leads.first_response_at'])
    .where('leads.dealer_id', '=', dealerId)
    .where('leads.created_at', '>=', start)
    .where('leads.created_at', '<', end);
  if (market !== undefined)
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('vehicles').select('vehicles.id').whereRef('vehicles.id', '=', 'leads.vehicle_id').where('vehicles.market', '=', market)),
    );
  const rows = await q.execute();
  const delays: number[] = [];
  for (const r of rows) if (r.first_response_at !== null) delays.push(Math.max(0, Number(r.first_response_at) - Number(r.created_at)));
  return { leads: rows.length, delays };
}

/**
 * The median first-response delay (ms) of the answered leads of every live dealership (sandboxes
 * left out, D35) created in [start, end) about cars of `markets`, or null with fewer than `min`:
 * counted, then the middle one or two read in order — no dealership's figures leave the store.
 */
export async function marketMedianDelay(db: Kysely<DB>, markets: string[], start: number, end: number, min: number): Promise<number | null> {
  if (markets.length === 0) return null;
  const answered = () =>
    db
      .selectFrom('leads')
      .innerJoin('vehicles', 'vehicles.id', 'leads.vehicle_id')
      .innerJoin('dealers', 'dealers.id', 'leads.dealer_id')
      .where('leads.created_at', '>=', start)
      .where('leads.created_at', '<', end)
      .where('leads.first_response_at', 'is not', null)
      .where('vehicles.market', 'in', markets)
      .where('dealers.sandbox_of', 'is', null);
  const n = Number(
    (
      await answered()
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );
  if (n < min) return null;
  const delay = sql<number>`leads.first_response_at - leads.created_at`;
  const middle = await answered()
    .select(delay.as('d'))
    .orderBy(delay)
    .limit(n % 2 === 1 ? 1 : 2)
    .offset(Math.floor((n - 1) / 2))
    .execute();
  return middle.reduce((s, r) => s + Number(r.d), 0) / middle.length;
}

// Views and leads by listing-quality band (D43, P249)

export interface BandFigures {
  /** The band's index in the lower bounds given. */
  band: number;
  cars: number;
  views: number;
  leads: number;
}

/**
 * The dealership's cars counted in [from, to] (local days) / [start, end) (leads), by today's
 * score in the bands whose lower bounds are `lows` (ascending, the first 0): every car for sale
 * now, and every other car viewed or sent a lead in the period (one sold since still counts). One
 * statement: the period's views per car from the dealer rollup's covering index, its leads per car
 * from leads_dealer_created, joined to the dealership's cars and summed per band. Bands without a
 * car are absent.
 */
export async function qualityBandFigures(db: Kysely<DB>, o: BandScope): Promise<BandFigures[]> {
  const rows = await qualityBandQuery(db, o).execute();
  return rows.map((r) => ({ band: Number(r.band), cars: Number(r.cars), views: Number(r.views), leads: Number(r.leads) }));
}

export interface BandScope {
  dealerId: number;
  from: string;
  to: string;
  start: number;
  end: number;
  lows: readonly number[];
}

/** qualityBandFigures' statement (exported for the test of its plan on both stores). */
export function qualityBandQuery(db: Kysely<DB>, o: BandScope) {
  const views = db
    .selectFrom('listing_stats_daily')
    .select(['vehicle_id', sql<number>`sum(views)`.as('views')])
    .where('dealer_id', '=', o.dealerId)
    .where('day', '>=', o.from)
    .where('day', '<=', o.to)
    .groupBy('vehicle_id');
  const leads = db
    .selectFrom('leads')
    .select(['vehicle_id', sql<number>`count(*)`.as('leads')])
    .where('dealer_id', '=', o.dealerId)
    .where('created_at', '>=', o.start)
    .where('created_at', '<', o.end)
    .groupBy('vehicle_id');
  // A car not scored yet counts as 100, as the inventory's order by quality has it (P223). The
  // bounds are the code's own integers, written as literals so both stores see one expression.
  const score = sql`coalesce(v.quality_score, 100)`;
  const band = sql<number>`case ${sql.join(
    o.lows
      .map((low, i) => ({ low, i }))
      .slice(1)
      .reverse()
      .map(({ low, i }) => sql`when ${score} >= ${sql.lit(low)} then ${sql.lit(i)}`),
    sql` `,
  )} else 0 end`;
  const perCar = db
    .selectFrom('vehicles as v')
    .leftJoin(views.as('s'), 's.vehicle_id', 'v.id')
    .leftJoin(leads.as('l'), 'l.vehicle_id', 'v.id')
    .where('v.dealer_id', '=', o.dealerId)
    .where((eb) => eb.or([eb('v.status', '=', 'active'), eb('s.vehicle_id', 'is not', null), eb('l.vehicle_id', 'is not', null)]))
    .select([band.as('band'), sql<number>`coalesce(s.views, 0)`.as('views'), sql<number>`coalesce(l.leads, 0)`.as('leads')]);
  return db
    .selectFrom(perCar.as('c'))
    .select(['c.band', sql<number>`count(*)`.as('cars'), sql<number>`sum(c.views)`.as('views'), sql<number>`sum(c.leads)`.as('leads')])
    .groupBy('c.band')
    .orderBy('c.band');
}

// ---- Cars by distance from their expected price (D44, issue 40 §3, P253) ----

/** A dealership's rated car as the statistics page lists it. */
export interface GapCar extends PanelCar {
  price_expected_cents: number;
  price_comparables: number;
}

/** The gap's order (P253): |price − expected| ÷ expected, as a fraction; numeric on PostgreSQL, real on SQLite. */
const gapRatio = sql`abs(vehicles.price_cents - vehicles.price_expected_cents) * 1.0 / vehicles.price_expected_cents`;

/**
 * The dealership's cars for sale with a stored expected price, farthest from it first (by the
 * gap as a share of the expected price, above or below, P253), at most `limit`. Its own cars
 * only: a sandbox twin's are another dealer_id's. The dealership's range of
 * vehicles_dealer_status_* (dealer_id, status, …), sorted in memory: bounded by its cars for sale.
 * Exported for the test of its plan.
 */
export function gapCarsQuery(db: Kysely<DB>, dealerId: number, limit: number) {
  return db
    .selectFrom('vehicles')
    .select([...PANEL_CAR, 'vehicles.price_expected_cents', 'vehicles.price_comparables'])
    .where('vehicles.dealer_id', '=', dealerId)
    .where('vehicles.status', '=', 'active')
    .where('vehicles.price_expected_cents', 'is not', null)
    .where('vehicles.price_comparables', 'is not', null)
    .orderBy(gapRatio, 'desc')
    .orderBy('vehicles.id')
    .limit(limit);
}

export async function gapCars(db: Kysely<DB>, dealerId: number, limit: number): Promise<GapCar[]> {
  const rows = await gapCarsQuery(db, dealerId, limit).execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    year: Number(r.year),
    price_cents: Number(r.price_cents),
    active_since: r.active_since === null ? null : Number(r.active_since),
    price_expected_cents: Number(r.price_expected_cents),
    price_comparables: Number(r.price_comparables),
  }));
}

/** How many cars the dealership has for sale with a rating and without one (one statement). */
export async function gapCounts(db: Kysely<DB>, dealerId: number): Promise<{ rated: number; unrated: number }> {
  const row = await db
    .selectFrom('vehicles')
    .select([
      sql<number>`count(*)`.as('all'),
      sql<number>`sum(case when price_expected_cents is null or price_comparables is null then 0 else 1 end)`.as('rated'),
    ])
    .where('dealer_id', '=', dealerId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  const all = Number(row?.all ?? 0);
  const rated = Number(row?.rated ?? 0);
  return { rated, unrated: all - rated };
}

/** One comparable of a rated car: another car for sale of its family and year window (public facts only). */
export interface GapComparable {
  id: number;
  dealer_id: number;
  listing_id: string;
  brand: string;
  model: string;
  version: string | null;
  year: number;
  mileage: number;
  price_cents: number;
  currency: string;
  market: string;
  active_since: number | null;
}

type FamilyOf = Pick<VehicleRow, 'id' | 'market' | 'brand' | 'model' | 'condition' | 'currency' | 'year'>;

/**
 * The comparables behind a car's rating (D44, P228): the other active cars of live dealerships
 * (any, the car's own included) of its market, currency, catalog brand and model and condition,
 * year within ±`span`. The range of vehicles_comparables; `car` itself left out by id.
 */
function gapComparablesBase(db: Kysely<DB>, car: FamilyOf, span: number) {
  return db
    .selectFrom('vehicles')
    .where('status', '=', 'active')
    .where('market', '=', car.market)
    .where('brand', '=', car.brand)
    .where('model', '=', car.model)
    .where('condition', '=', car.condition)
    .where('currency', '=', car.currency)
    .where('year', '>=', car.year - span)
    .where('year', '<=', car.year + span)
    .where('id', '<>', car.id)
    .where('dealer_id', 'not in', db.selectFrom('dealers').select('id').where('sandbox_of', 'is not', null));
}

/** The `limit` comparables closest to the car by year, then mileage (exported for the test of its plan). */
export function gapComparablesQuery(db: Kysely<DB>, car: FamilyOf & Pick<VehicleRow, 'mileage'>, span: number, limit: number) {
  return gapComparablesBase(db, car, span)
    .select(['id', 'dealer_id', 'listing_id', 'brand', 'model', 'version', 'year', 'mileage', 'price_cents', 'currency', 'market', 'active_since'])
    .orderBy(sql`abs(year - ${car.year})`)
    .orderBy(sql`abs(mileage - ${car.mileage})`)
    .orderBy('id')
    .limit(limit);
}

/** The comparables closest to the car (at most `limit`) and how many there are in all. */
export async function gapComparables(
  db: Kysely<DB>,
  car: FamilyOf & Pick<VehicleRow, 'mileage'>,
  span: number,
  limit: number,
): Promise<{ total: number; cars: GapComparable[] }> {
  const [rows, count] = await Promise.all([
    gapComparablesQuery(db, car, span, limit).execute(),
    gapComparablesBase(db, car, span)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst(),
  ]);
  return {
    total: Number(count?.n ?? 0),
    cars: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      dealer_id: Number(r.dealer_id),
      year: Number(r.year),
      mileage: Number(r.mileage),
      price_cents: Number(r.price_cents),
      active_since: r.active_since === null ? null : Number(r.active_since),
    })),
  };
}
