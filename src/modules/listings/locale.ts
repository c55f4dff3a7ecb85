// Language and number formats of a market's public pages. Each market has one locale (its
// BCP 47 tag is the page's lang attribute; prices and mileages are formatted with it, in
// markets/format.ts) and the page's words come in that locale's language: Spanish, Portuguese
// or English (the catalogue's public.* codes, core/i18n/messages/public-pages.ts).
import { textsOf, type Lang, type Texts } from '../../core/i18n/index.js';
import { marketFormat, type MarketFormat } from '../markets/format.js';

const TEXTS = textsOf('public.');

export interface PageLocale extends MarketFormat {
  /** Open Graph form, e.g. es_AR. */
  og: string;
  lang: Lang;
  t: Texts<'public.'>;
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
