// Prices and mileages written as a market's people read them (its locale's Intl formats), for
// the public pages, the panel and the mails alike. Made once per market: Intl formatters are
// costly to build.
import { localeTagOf } from './markets.js';

export interface MarketFormat {
  /** BCP 47 tag, e.g. es-AR. */
  tag: string;
  /** "$ 12.500.000" — no decimals when the price is whole. */
  price: (cents: number, currency: string) => string;
  /** "45.000 km" / "45,000 mi". */
  mileage: (value: number, unit: 'km' | 'mi') => string;
}

const formats = new Map<string, MarketFormat>();

export function marketFormat(market: string): MarketFormat {
  let f = formats.get(market);
  if (f) return f;
  const tag = localeTagOf(market);
  const money = new Map<string, [Intl.NumberFormat, Intl.NumberFormat]>();
  const distance = {
    km: new Intl.NumberFormat(tag, { style: 'unit', unit: 'kilometer', unitDisplay: 'short' }),
    mi: new Intl.NumberFormat(tag, { style: 'unit', unit: 'mile', unitDisplay: 'short' }),
  };
  f = {
    tag,
    price: (cents, currency) => {
      let m = money.get(currency);
      if (!m) {
        m = [
          new Intl.NumberFormat(tag, { style: 'currency', currency, maximumFractionDigits: 0, minimumFractionDigits: 0 }),
          new Intl.NumberFormat(tag, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }),
        ];
        money.set(currency, m);
      }
      return cents % 100 === 0 ? m[0].format(cents / 100) : m[1].format(cents / 100);
    },
    mileage: (value, unit) => {
      return distance[unit].format(value);
    },
  };
  formats.set(market, f);
  return f;
}
