// An ICU message for a page's own words (P138): the panel's texts files write counts as ICU
// plurals ("{n, plural, one {# não lido} other {# não lidos}}") instead of "não lido(s)" or
// hand-made `n === 1` branches, compiled once by intl-messageformat with the language's rules.
import { IntlMessageFormat } from 'intl-messageformat';
import type { Lang } from './lang.js';

const LOCALE: Record<Lang, string> = { es: 'es', pt: 'pt-BR', en: 'en' };

/** A function formatting `pattern` in `lang` with the values given. */
export function icu(lang: Lang, pattern: string): (values: Record<string, number | string>) => string {
  const f = new IntlMessageFormat(pattern, LOCALE[lang], undefined, { ignoreTag: true });
  return (values) => String(f.format(values));
}
