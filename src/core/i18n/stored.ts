// Texts kept in the store as codes (D31, P75): a report's message or sold_skipped is written as
// the JSON of its code and parameters, and rendered in each reader's language when read. Rows
// written before hold an English sentence, shown as it is.
import { isMessageCode, type Msg } from './catalogue.js';
import type { Lang } from './lang.js';
import { render } from './render.js';

/** A text as a store column holds it. */
export const storeText = (t: Msg | string): string => (typeof t === 'string' ? t : JSON.stringify(t));

/** The code a stored text holds, or undefined for a sentence stored before D31. */
export function storedMsg(stored: string | null): Msg | undefined {
  if (stored === null || !stored.startsWith('{"code":')) return undefined;
  try {
    const m = JSON.parse(stored) as Msg;
    return isMessageCode(m.code) ? m : undefined;
  } catch {
    return undefined;
  }
}

/** A stored text in `lang` (null stays null). */
export function storedText(lang: Lang, stored: string | null): string | null {
  const m = storedMsg(stored);
  return m ? render(lang, m) : stored;
}
