// The three languages people read (D31) and how a request names the one it wants.

export type Lang = 'es' | 'pt' | 'en';
export const LANGS: readonly Lang[] = ['es', 'pt', 'en'];
export const isLang = (v: unknown): v is Lang => typeof v === 'string' && (LANGS as readonly string[]).includes(v);

/**
 * The locale of each language's words, numbers and dates where no market names a closer one
 * (P180): ICU plurals and numbers in the catalogue, time-zone names, a user's dates when their
 * dealership's market speaks another language. The one map of languages to locales.
 */
export const LOCALE_OF: Readonly<Record<Lang, string>> = { es: 'es-ES', pt: 'pt-BR', en: 'en-US' };

/** The locale a reader of `lang` gets in a market whose locale is `marketTag`: the market's when it speaks that language. */
export const localeFor = (lang: Lang, marketTag: string): string => (marketTag.startsWith(lang) ? marketTag : LOCALE_OF[lang]);

/**
 * The language an Accept-Language header asks for, by primary tag (`es-AR`, `pt-BR`, `pt` …),
 * highest q first; `fallback` when it names none of ours (D31: the API's is `en`, the panel's
 * before sign-in `es`). `q=0` means "not this one".
 */
export function pickLang(header: string | undefined, fallback: Lang): Lang {
  if (!header) return fallback;
  let best: Lang | undefined;
  let bestQ = 0;
  for (const part of header.split(',', 20)) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const lang = tag.trim().slice(0, 2);
    if (!isLang(lang) || (tag.length > 2 && tag[2] !== '-')) continue;
    const qParam = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)).find(Boolean);
    const q = qParam ? Number(qParam[1]) : 1;
    if (q > bestQ) {
      best = lang;
      bestQ = q;
    }
  }
  return best ?? fallback;
}
