// The dealership's local days (D32, D34): statistics are counted and answered per local day of
// the dealership, in its time zone (its own, else its first market's: markets.dealerTimeZone).

const DAY_MS = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, f);
  }
  return f;
}

function partsIn(ms: number, zone: string): { date: string; wall: number } {
  const p: Record<string, string> = {};
  for (const { type, value } of formatIn(zone).formatToParts(ms)) p[type] = value;
  const date = `${p.year}-${p.month}-${p.day}`;
  return { date, wall: Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) };
}

/** Per zone, the last local day looked up and its bounds: formatting a date with Intl costs ~100 µs, a comparison nothing. */
const lastDay = new Map<string, { date: string; start: number; end: number }>();

/** The local date (YYYY-MM-DD) of an instant in `zone`. */
export function localDate(ms: number, zone: string): string {
  const kept = lastDay.get(zone);
  if (kept && ms >= kept.start && ms < kept.end) return kept.date;
  const date = partsIn(ms, zone).date;
  lastDay.set(zone, { date, start: localDayStart(date, zone), end: localDayStart(addDays(date, 1), zone) });
  return date;
}

const starts = new Map<string, number>();

/** The first instant (epoch ms) of local date `date` in `zone` (midnight, or the first minute after a skipped one). */
export function localDayStart(date: string, zone: string): number {
  const key = `${zone} ${date}`;
  let start = starts.get(key);
  if (start === undefined) {
    // A few thousand (zone, date) pairs at most in practice; cleared whole if ever more.
    if (starts.size >= 10_000) starts.clear();
    start = findDayStart(date, zone);
    starts.set(key, start);
  }
  return start;
}

function findDayStart(date: string, zone: string): number {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  // Two passes of "wall clock minus offset" settle on the instant whose local time is midnight.
  let guess = midnightUtc;
  for (let i = 0; i < 2; i++) guess = midnightUtc - (partsIn(guess, zone).wall - guess);
  // Where midnight does not exist (a DST jump at 00:00), the day starts at the jump.
  while (partsIn(guess, zone).date < date) guess += 60_000 * 30;
  while (partsIn(guess - 1, zone).date === date) guess -= 60_000 * 30;
  return guess;
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `date` moved by `days` (calendar arithmetic on YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const d = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) + days * DAY_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Whole days from `a` to `b` (YYYY-MM-DD each). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}
