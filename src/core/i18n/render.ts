// A code and its parameters in a reader's language (D31): ICU messages by intl-messageformat
// (P75: the formatjs implementation of ICU MessageFormat, plural and number rules from Intl,
// each text compiled once per language), numbers by Intl.
import { IntlMessageFormat } from 'intl-messageformat';
import { entryOf, isMessageCode, type MessageCode, type Msg } from './catalogue.js';
import { LOCALE_OF, type Lang } from './lang.js';

const compiled = new Map<string, IntlMessageFormat>();

/** The compiled text of a code in a language (compiled on first use, then kept). */
export function formatOf(lang: Lang, code: string): IntlMessageFormat {
  const key = `${lang}\u0000${code}`;
  let f = compiled.get(key);
  if (!f) {
    f = new IntlMessageFormat(entryOf(code)![lang], LOCALE_OF[lang], undefined, { ignoreTag: true });
    compiled.set(key, f);
  }
  return f;
}

/** The word for a value (`field`, `source`, `status`, `event`, `market`, `role`, a car field's `value`), or the value when there is none. */
export function word(lang: Lang, kind: 'field' | 'source' | 'status' | 'event' | 'market' | 'role' | 'value', value: string): string {
  const code = `${kind}.${value}`;
  return isMessageCode(code) ? render(lang, { code } as Msg) : value;
}

/**
 * The text of `m` in `lang`. A `{field}` parameter is the field's API name in English, its word in
 * the others; a list of texts is said as one, joined with "; ".
 */
export function render(lang: Lang, m: Msg): string {
  let params = m.params as Record<string, unknown> | undefined;
  if (params) {
    const out: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(params)) {
      out[k] = Array.isArray(v)
        ? renderAll(lang, v as Msg[])
        : typeof v === 'object' && v !== null
          ? render(lang, v as Msg)
          : k === 'field' && lang !== 'en'
            ? word(lang, 'field', String(v))
            : (v as string | number);
    }
    params = out;
  }
  const out = formatOf(lang, m.code).format(params);
  return typeof out === 'string' ? out : String(out);
}

/** A rule list as one sentence (a car's row error names every rule it broke). */
export const renderAll = (lang: Lang, ms: readonly Msg[]): string => ms.map((m) => render(lang, m)).join('; ');

/**
 * A stored text in `lang`: a code with parameters (or a list of them) as written since D31, or
 * a sentence stored before (English, shown as it was).
 */
export function renderStored(lang: Lang, stored: unknown): string {
  if (typeof stored === 'string') return stored;
  if (Array.isArray(stored)) return stored.map((s) => renderStored(lang, s)).join('; ');
  if (stored && typeof stored === 'object' && isMessageCode((stored as { code?: unknown }).code)) return render(lang, stored as Msg);
  return '';
}

export type { MessageCode, Msg };
