// Times as people read them (D32, P82): in the dealership's time zone, never UTC; a recent one as
// "hace 5 min", one of today or yesterday as "hoy 16:13" / "ayer 16:13", older ones as a date
// ("24 nov 2026, 16:13"). The one helper every panel page and mail uses. Intl formatters are
// costly to make: one per locale and zone, kept.

/** Whose time: the words' locale, the dealership's zone, and the time relative ones count from (absent: dates only). */
export interface TimeViewer {
  locale: string;
  timeZone: string;
  now?: number | undefined;
}

const HOUR = 3_600_000;
const formats = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat; day: Intl.DateTimeFormat; full: Intl.DateTimeFormat }>();
const relatives = new Map<string, { auto: Intl.RelativeTimeFormat; short: Intl.RelativeTimeFormat }>();

function formatsOf(locale: string, timeZone: string) {
  const key = `${locale}|${timeZone}`;
  let f = formats.get(key);
  if (!f) {
    // Argentina, Brazil, Spain… write "16:13"; ICU gives es-AR "4:13 p. m.". The US keeps its 12 hours.
    const hourCycle = locale.startsWith('en-US') ? undefined : 'h23';
    f = {
      date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone, hourCycle }),
      time: new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone, hourCycle }),
      // Year, month, day in the zone, to count calendar days there.
      day: new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }),
      full: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'long', timeZone, hourCycle }),
    };
    formats.set(key, f);
  }
  return f;
}

function relativeOf(locale: string) {
  let r = relatives.get(locale);
  if (!r) {
    r = { auto: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }), short: new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'short' }) };
    relatives.set(locale, r);
  }
  return r;
}

/** Days from the local day of `now` to that of `ms` in the zone (-1: yesterday). */
function dayOffset(day: Intl.DateTimeFormat, ms: number, now: number): number {
  const at = (t: number) => Date.parse(`${day.format(t)}T00:00:00Z`);
  return Math.round((at(ms) - at(now)) / (24 * HOUR));
}

/** A time in the viewer's zone: relative while recent (when `now` is given), else a date. */
export function dateTime(ms: number | null | undefined, viewer: TimeViewer): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  const f = formatsOf(viewer.locale, viewer.timeZone);
  const now = viewer.now;
  if (now === undefined) return f.date.format(ms);
  const diff = ms - now;
  const r = relativeOf(viewer.locale);
  if (Math.abs(diff) < 45_000) return r.auto.format(0, 'second');
  if (Math.abs(diff) < HOUR) {
    const minutes = Math.max(1, Math.round(Math.abs(diff) / 60_000)) * Math.sign(diff);
    // "há 5 min." and "5 min. ago": the abbreviation reads as well without its dot.
    return r.short.format(minutes, 'minute').replace(/(min)\./, '$1');
  }
  const days = dayOffset(f.day, ms, now);
  if (Math.abs(days) <= 1) return `${r.auto.format(days, 'day')} ${f.time.format(ms)}`;
  return f.date.format(ms);
}

/** The whole time with its zone, for a title attribute ("lunes, 24 de noviembre de 2026, 16:13:05 GMT-3"). */
export function fullDateTime(ms: number, viewer: TimeViewer): string {
  return formatsOf(viewer.locale, viewer.timeZone).full.format(ms);
}
