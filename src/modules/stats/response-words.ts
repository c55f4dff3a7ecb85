// Reply speed in words (D42): "12 min", "3 h", "2 días", from the catalogue (ICU: numbers in the
// reader's digits, plurals); the inbox, the conversation, the statistics page, the overview and
// the weekly mail say it alike.
import { textsOf } from '../../core/i18n/index.js';
import type { Lang } from '../../core/i18n/lang.js';

export const SPEED_TEXTS = textsOf('speed.');
const MINUTE = 60_000;

/** A wait or delay as people say it: under a minute, minutes up to two hours, hours up to two days, then days. */
export function durationText(lang: Lang, ms: number): string {
  const t = SPEED_TEXTS[lang];
  const min = Math.round(ms / MINUTE);
  if (ms < MINUTE) return t.underMinute;
  if (min < 120) return t.minutes(min);
  const hours = Math.round(ms / (60 * MINUTE));
  if (hours < 48) return t.hours(hours);
  return t.days(Math.round(ms / (24 * 60 * MINUTE)));
}
