// Counting views and contacts cheaply (D34, P95). A page view costs the page nothing it waits
// for: whether it counts is decided in memory (plus one Redis round trip, not awaited, when
// REDIS_URL is set), and the increments are added up per car and local day in this process and
// written every STATS_FLUSH_INTERVAL (default 5 s) in one transaction of upserts into
// listing_stats_daily. A crash (SIGKILL, power loss) loses at most the last interval's counts;
// a graceful shutdown (SIGTERM, app.close) flushes them. A failed flush keeps its increments for
// the next one.
//
// A visitor is HMAC(salt of the day, client address + user agent), never stored: the address is
// request.ip (TRUST_PROXY decides whom to believe), the salt is HMAC(a random secret of this
// process, the local date) — or, with REDIS_URL, a random value kept in Redis for that date (so
// every process computes the same visitor) that expires two days later. A visitor counts once
// per car and local day of the dealership (D32): the (car, visitor) pairs of a day are kept in
// memory, or in a Redis set per day with the same expiry, so with several processes Redis is
// what makes them count once.
//
// A contact (a followed phone or WhatsApp redirect) is counted by the same rules (P152): a
// person's GET, once per visitor, car, channel and local day. And however many user agents one
// client address presents, at most VISITORS_PER_ADDRESS of its visitors count per car, figure
// (views, phone, whatsapp) and day (P153): rotating the user agent is otherwise a new visitor each
// time. The address is counted by addressKey (IPv4, or an IPv6 /64), keyed by the day's salt too.
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isbot } from 'isbot';
import type { Clock } from '../../core/clock.js';
import type { Store } from '../../core/db/store.js';
import { writeTransaction } from '../../core/db/transaction.js';
import { addressKey } from '../../core/http/connection-limit.js';
import { withTimeout, type RedisConnection } from '../../core/redis/client.js';
import { BoundedMap } from '../../core/util/bounded-map.js';
import { addToDays, dealerZone, type DayIncrement } from './repository.js';
import { localDate } from './time-zone.js';

/** The car a page answered for (what a view is counted against). */
export interface ViewedCar {
  vehicleId: number;
  dealerId: number;
  market: string;
}

/** What of a request decides whether it is a view and whose. */
export interface ViewRequest {
  method: string;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

export type ContactChannel = 'phone' | 'whatsapp';
/** The figures counted per visitor: a page view, or a contact by one channel. */
type Figure = 'views' | ContactChannel;

export interface StatsCountingOptions {
  store: Store;
  clock: Clock;
  log: FastifyBaseLogger;
  /** STATS_FLUSH_INTERVAL; 0: no timer (tests flush on demand). */
  flushMs: number;
  redis?: RedisConnection;
  redisPrefix?: string;
}

/** How long a dealership's zone is kept before it is read again (a changed zone applies within this). */
const ZONE_TTL_MS = 60_000;
/** Salts and seen pairs are kept for today and yesterday (the day before in another zone). */
const KEEP_DAYS_S = 2 * 86_400;
/** The service's own outbound requests (webhooks, photo downloads) name themselves so. */
const OWN_AGENT = /^DealerInventory-/;
/**
 * At most this many visitors of one client address count per car, figure and local day (P153):
 * a household's or an office's few devices, not a script that rotates its user agent.
 */
export const VISITORS_PER_ADDRESS = 3;

const hashVisitor = (salt: Buffer, ip: string, ua: string): string =>
  crypto.createHmac('sha256', salt).update(ip).update('\n').update(ua).digest('base64url').slice(0, 16);
/** The client address as counted (an IPv6 host may use any address of its /64), keyed as a visitor is. */
const hashAddress = (salt: Buffer, ip: string): string =>
  crypto.createHmac('sha256', salt).update('address\n').update(addressKey(ip)).digest('base64url').slice(0, 16);

/** A visitor of a figure of a car (a view's keeps its older form: a process started mid-day still knows the day's visitors in Redis). */
const pairOf = (vehicleId: number, what: Figure, visitor: string): string => (what === 'views' ? `${vehicleId}:${visitor}` : `${vehicleId}:${what}:${visitor}`);
const addressOf = (vehicleId: number, what: Figure, address: string): string => `${vehicleId}:${what}:${address}`;

/**
 * One round trip decides a visitor with Redis (P153): KEYS[1] the day's seen pairs (a set),
 * KEYS[2] the day's counted visitors per car, figure and address (a hash); ARGV the pair, the
 * address field, VISITORS_PER_ADDRESS and the expiry. 1: count it; 0: seen, or the address is full.
 */
const FIRST_SEEN_SCRIPT = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 0 end
local n = tonumber(redis.call('HGET', KEYS[2], ARGV[2]) or '0')
if n >= tonumber(ARGV[3]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[4])
redis.call('HINCRBY', KEYS[2], ARGV[2], 1)
redis.call('EXPIRE', KEYS[2], ARGV[4])
return 1
`;
interface StatsCommands {
  diStatsFirstSeen(seenKey: string, addressKey: string, pair: string, field: string, max: number, ttlS: number): Promise<number>;
}

/** What is remembered of a local day: the (car, figure, visitor) pairs counted, and per (car, figure, address) how many. */
interface DaySeen {
  pairs: Set<string>;
  perAddress: Map<string, number>;
}

const header = (h: ViewRequest['headers'], name: string): string => {
  const v = h[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

/**
 * Whether a request for a page is a view a person made (D34): GET (not HEAD), not a prefetch or
 * prerender, not a bot by isbot's list (an absent user agent is one), not the service itself.
 */
export function isCountable(req: ViewRequest): boolean {
  if (req.method !== 'GET') return false;
  const h = req.headers;
  if (h['sec-purpose'] !== undefined || h['purpose'] !== undefined || h['x-purpose'] !== undefined || h['x-moz'] !== undefined) {
    const purpose = `${header(h, 'sec-purpose')} ${header(h, 'purpose')} ${header(h, 'x-purpose')} ${header(h, 'x-moz')}`.toLowerCase();
    if (/prefetch|prerender|preview/.test(purpose)) return false;
  }
  const ua = header(h, 'user-agent');
  if (ua === '' || OWN_AGENT.test(ua)) return false;
  // isbot's list is one large expression (~10 µs a test): each user agent is judged once.
  let person = PERSON_AGENTS.get(ua);
  if (person === undefined) {
    person = !isbot(ua);
    if (ua.length <= 512) PERSON_AGENTS.set(ua, person);
  }
  return person;
}

/** User agents already judged (whether a person's): browsers repeat a few hundred strings. */
const PERSON_AGENTS = new BoundedMap<string, boolean>(2000);

export class StatsCounting {
  private pending = new Map<string, DayIncrement>();
  private readonly secret = crypto.randomBytes(32);
  private readonly salts = new Map<string, Buffer | Promise<Buffer>>();
  private readonly seen = new Map<string, DaySeen>();
  private readonly zones = new BoundedMap<number, { zone: string; at: number }>(10_000);
  private readonly inFlight = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<number> | undefined;

  private readonly redis: (RedisConnection['client'] & StatsCommands) | undefined;

  constructor(private readonly o: StatsCountingOptions) {
    const client = o.redis?.client;
    if (client && !('diStatsFirstSeen' in client)) client.defineCommand('diStatsFirstSeen', { numberOfKeys: 2, lua: FIRST_SEEN_SCRIPT });
    this.redis = client as (RedisConnection['client'] & StatsCommands) | undefined;
  }

  start(): void {
    if (this.o.flushMs > 0 && !this.timer) {
      this.timer = setInterval(() => void this.flush().catch((err: unknown) => this.o.log.error({ err }, 'stats flush failed')), this.o.flushMs);
      this.timer.unref();
    }
  }

  /** Stops the timer and writes what is counted (graceful shutdown). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Counts a page view of `car` when the request is a person's first of the day (not awaited by the page). */
  countView(req: ViewRequest, car: ViewedCar): void {
    this.count(req, car, 'views');
  }

  /** Counts a followed phone or WhatsApp link of `car` as views are counted (P152; not awaited by the redirect). */
  countContact(req: ViewRequest, car: ViewedCar, channel: ContactChannel): void {
    this.count(req, car, channel);
  }

  private count(req: ViewRequest, car: ViewedCar, what: Figure): void {
    if (!isCountable(req)) return;
    const ua = header(req.headers, 'user-agent');
    // Without Redis, once the dealership's zone and the day's salt are known: decided here and
    // now, no promise made (the page's hot path).
    const zone = this.o.redis ? undefined : this.keptZone(car.dealerId);
    if (zone !== undefined) {
      const day = localDate(this.o.clock.now(), zone);
      const salt = this.salts.get(day);
      if (salt instanceof Buffer) {
        if (this.firstSeenHere(day, salt, req.ip, ua, car.vehicleId, what)) this.add(car, day, what);
        return;
      }
    }
    this.track(this.decide(req.ip, ua, car, what));
  }

  /** Writes the counted increments (one transaction); how many rollup rows were touched. */
  flush(): Promise<number> {
    // One flush at a time: a second caller waits for the running one, then writes what came since.
    const run = async (): Promise<number> => {
      await Promise.allSettled([...this.inFlight]);
      if (this.pending.size === 0) return 0;
      const batch = this.pending;
      this.pending = new Map();
      try {
        await writeTransaction(this.o.store, (trx) => addToDays(trx, [...batch.values()]));
      } catch (err) {
        // Kept for the next flush, added to what came meanwhile.
        for (const [key, inc] of batch) this.merge(key, inc);
        throw err;
      }
      return batch.size;
    };
    const next = (this.flushing ?? Promise.resolve(0)).catch(() => 0).then(run);
    this.flushing = next.finally(() => {
      if (this.flushing === next) this.flushing = undefined;
    });
    return next;
  }

  /** Resolves when every view decided so far is counted in memory (the bench times the flush alone). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  /** Increments not yet written (for the tests and the bench). */
  pendingRows(): number {
    return this.pending.size;
  }

  private track(p: Promise<unknown>): void {
    const t = p.catch((err: unknown) => this.o.log.warn({ err }, 'a view or contact was not counted'));
    this.inFlight.add(t);
    void t.finally(() => this.inFlight.delete(t));
  }

  private async decide(ip: string, ua: string, car: ViewedCar, what: Figure): Promise<void> {
    const day = localDate(this.o.clock.now(), await this.zoneOf(car.dealerId));
    const salt = await this.saltOf(day);
    if (await this.firstSeen(day, salt, ip, ua, car.vehicleId, what)) this.add(car, day, what);
  }

  /** The visitor a client address and user agent are on a local date: the same all that day, unrelated the next. */
  async visitorId(ip: string, ua: string, day: string): Promise<string> {
    return hashVisitor(await this.saltOf(day), ip, ua);
  }

  private add(car: ViewedCar, day: string, what: Figure): void {
    const key = `${car.vehicleId}|${day}`;
    let inc = this.pending.get(key);
    if (!inc) {
      inc = { vehicle_id: car.vehicleId, day, dealer_id: car.dealerId, market: car.market, views: 0, phone: 0, whatsapp: 0, inquiries: 0 };
      this.pending.set(key, inc);
    }
    inc[what] += 1;
  }

  private merge(key: string, inc: DayIncrement): void {
    const cur = this.pending.get(key);
    if (!cur) this.pending.set(key, inc);
    else {
      cur.views += inc.views;
      cur.phone += inc.phone;
      cur.whatsapp += inc.whatsapp;
      cur.inquiries += inc.inquiries;
    }
  }

  private keptZone(dealerId: number): string | undefined {
    const kept = this.zones.get(dealerId);
    return kept && this.o.clock.now() - kept.at < ZONE_TTL_MS ? kept.zone : undefined;
  }

  /** The dealership's time zone (D32: its first market's default), kept a minute. */
  private async zoneOf(dealerId: number): Promise<string> {
    const now = this.o.clock.now();
    const kept = this.keptZone(dealerId);
    if (kept !== undefined) return kept;
    const zone = await dealerZone(this.o.store.db, dealerId);
    this.zones.set(dealerId, { zone, at: now });
    return zone;
  }

  /** The salt of a local date; only today's and yesterday's are kept (in memory, or in Redis with an expiry). */
  private async saltOf(day: string): Promise<Buffer> {
    const kept = this.salts.get(day);
    if (kept) return kept;
    const made = this.makeSalt(day);
    this.salts.set(day, made);
    this.forgetOldDays(day);
    const salt = await made;
    // Not kept when Redis failed (makeSalt dropped it): the shared salt is asked for again next time.
    if (this.salts.get(day) === made) this.salts.set(day, salt);
    return salt;
  }

  private async makeSalt(day: string): Promise<Buffer> {
    const own = crypto.createHmac('sha256', this.secret).update(`salt:${day}`).digest();
    const redis = this.o.redis;
    if (!redis) return own;
    try {
      const key = `${this.o.redisPrefix ?? ''}stats:salt:${day}`;
      // The first process to need the day's salt sets it; every other reads that one.
      await withTimeout(redis.client.set(key, own.toString('base64'), 'EX', KEEP_DAYS_S, 'NX'));
      const shared = await withTimeout(redis.client.get(key));
      return shared ? Buffer.from(shared, 'base64') : own;
    } catch (err) {
      this.salts.delete(day);
      this.o.log.warn({ err }, 'stats: Redis unavailable, this process salts alone');
      return own;
    }
  }

  /** Whether this visitor is the first of the day for this figure of the car, and its address not yet full (P153). */
  private async firstSeen(day: string, salt: Buffer, ip: string, ua: string, vehicleId: number, what: Figure): Promise<boolean> {
    if (this.redis) {
      try {
        const prefix = `${this.o.redisPrefix ?? ''}stats:`;
        const counted = await withTimeout(
          this.redis.diStatsFirstSeen(
            `${prefix}seen:${day}`,
            `${prefix}addresses:${day}`,
            pairOf(vehicleId, what, hashVisitor(salt, ip, ua)),
            addressOf(vehicleId, what, hashAddress(salt, ip)),
            VISITORS_PER_ADDRESS,
            KEEP_DAYS_S,
          ),
        );
        if (typeof counted === 'number') return counted === 1;
      } catch {
        // Counted in this process's memory while Redis is out.
      }
    }
    return this.firstSeenHere(day, salt, ip, ua, vehicleId, what);
  }

  private firstSeenHere(day: string, salt: Buffer, ip: string, ua: string, vehicleId: number, what: Figure): boolean {
    let seen = this.seen.get(day);
    if (!seen) {
      seen = { pairs: new Set(), perAddress: new Map() };
      this.seen.set(day, seen);
      this.forgetOldDays(day);
    }
    const pair = pairOf(vehicleId, what, hashVisitor(salt, ip, ua));
    if (seen.pairs.has(pair)) return false;
    // The address is hashed only for a new visitor; one over the bound is not remembered (its
    // address stays full all day), so rotating agents do not grow the day's pairs either.
    const address = addressOf(vehicleId, what, hashAddress(salt, ip));
    const n = seen.perAddress.get(address) ?? 0;
    if (n >= VISITORS_PER_ADDRESS) return false;
    seen.pairs.add(pair);
    seen.perAddress.set(address, n + 1);
    return true;
  }

  /** Salts and seen pairs of dates older than the day before `day` are dropped (never kept longer). */
  private forgetOldDays(day: string): void {
    const yesterday = new Date(Date.parse(`${day}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
    for (const d of this.salts.keys()) if (d <= yesterday) this.salts.delete(d);
    for (const d of this.seen.keys()) if (d <= yesterday) this.seen.delete(d);
  }
}
