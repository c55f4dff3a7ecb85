// Language and number formats of a market's public pages. Each market has one locale (its
// BCP 47 tag is the page's lang attribute; prices and mileages are formatted with it) and the
// page's words come in that locale's language: Spanish, Portuguese or English (texts.ts).
import { localeTagOf } from '../markets/markets.js';
import { TEXTS, type Lang, type Texts } from './texts.js';

export interface PageLocale {
  /** BCP 47 tag, e.g. es-AR: the page's lang attribute and the number formats' locale. */
  tag: string;
  /** Open Graph form, e.g. es_AR. */
  og: string;
  lang: Lang;
  t: Texts;
  /** "$ 12.500.000" — no decimals when the price is whole. */
  price(cents: number, currency: string): string;
  /** "45.000 km" / "45,000 mi". */
  mileage(value: number, unit: 'km' | 'mi'): string;
}

const locales = new Map<string, PageLocale>();

/** The locale of a market's pages (made once per market: Intl formatters are costly to build). */
export function localeOf(market: string): PageLocale {
  let l = locales.get(market);
  if (l) return l;
  const tag = localeTagOf(market);
  const lang = tag.slice(0, 2) as Lang;
  const money = new Map<string, [Intl.NumberFormat, Intl.NumberFormat]>();
  const distance = {
    km: new Intl.NumberFormat(tag, { style: 'unit', unit: 'kilometer', unitDisplay: 'short' }),
    mi: new Intl.NumberFormat(tag, { style: 'unit', unit: 'mile', unitDisplay: 'short' }),
  };
  l = {
    tag,
    og: tag.replace('-', '_'),
    lang,
    t: TEXTS[lang],
    price(cents, currency) {
      let f = money.get(currency);
      if (!f) {
        f = [
          new Intl.NumberFormat(tag, { style: 'currency', currency, maximumFractionDigits: 0, minimumFractionDigits: 0 }),
          new Intl.NumberFormat(tag, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }),
        ];
        money.set(currency, f);
      }
      return cents % 100 === 0 ? f[0].format(cents / 100) : f[1].format(cents / 100);
    },
    mileage(value, unit) {
      return distance[unit].format(value);
    },
  };
  locales.set(market, l);
  return l;
}
