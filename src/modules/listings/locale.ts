// Language and number formats of a market's public pages. Each market has one locale (its
// BCP 47 tag is the page's lang attribute; prices and mileages are formatted with it, in
// markets/format.ts) and the page's words come in that locale's language: Spanish, Portuguese
// or English (texts.ts).
import { marketFormat, type MarketFormat } from '../markets/format.js';
import { TEXTS, type Lang, type Texts } from './texts.js';

export interface PageLocale extends MarketFormat {
  /** Open Graph form, e.g. es_AR. */
  og: string;
  lang: Lang;
  t: Texts;
}

const locales = new Map<string, PageLocale>();

/** The locale of a market's pages (made once per market). */
export function localeOf(market: string): PageLocale {
  let l = locales.get(market);
  if (l) return l;
  const format = marketFormat(market);
  const lang = format.tag.slice(0, 2) as Lang;
  l = { ...format, og: format.tag.replace('-', '_'), lang, t: TEXTS[lang] };
  locales.set(market, l);
  return l;
}
