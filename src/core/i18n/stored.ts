// Texts kept in the store as codes (D31, P75): a report's message or sold_skipped is written as
// the JSON of its code and parameters, and rendered in each reader's language when read. Rows
// written before hold an English sentence, shown as it is.
import { isMessageCode, type Msg } from './catalogue.js';
import type { Lang } from './lang.js';
import { render } from './render.js';

/** A text as a store column holds it. */
export const storeText = (t: Msg | string): string => (typeof t === 'string' ? t : JSON.stringify(t));

/** A stored text in `lang` (null stays null). */
export function storedText(lang: Lang, stored: string | null): string | null {
  if (stored === null || !stored.startsWith('{"code":')) return stored;
  try {
    const m = JSON.parse(stored) as Msg;
    return isMessageCode(m.code) ? render(lang, m) : stored;
  } catch {
    return stored;
  }
}
