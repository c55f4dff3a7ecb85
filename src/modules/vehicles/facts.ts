// A car's facts as people read them (P189), for the panel's car page and the buyers' page alike:
// every field of the table (fields.ts) that the page shows, named by its word (`field.<name>`,
// messages/words.ts) and its value as the language says it (a vocabulary's value by its word, a
// price and a mileage in the market's formats). A field added to the table shows on both pages
// with no code here.
import type { VehicleRow } from '../../core/db/schema.js';
import { word, type Lang } from '../../core/i18n/index.js';
import { marketFormat, type MarketFormat } from '../markets/format.js';
import { findMarket } from '../markets/markets.js';
import { VEHICLE_FIELDS, type CustomFieldName, type VehicleField, type VehicleFieldName } from './fields.js';

const fields = VEHICLE_FIELDS as readonly VehicleField[];

export interface CarFact {
  name: VehicleFieldName;
  /** The field's word in the language. */
  label: string;
  /** The value as said, or null when the car has none. */
  value: string | null;
  /** Multi-line text (the description): pages show it after the short facts. */
  long: boolean;
}

type Shown = (row: VehicleRow, f: MarketFormat, unit: 'km' | 'mi') => string;

/** The values of the fields with rules of their own that are not shown as they are stored. */
const SHOWN: Partial<Record<CustomFieldName, Shown>> = {
  price: (row, f) => f.price(row.price_cents, row.currency),
  mileage: (row, f, unit) => f.mileage(row.mileage, unit),
};

const wholes = new Map<string, Intl.NumberFormat>();
const whole = (tag: string, n: number): string => {
  let f = wholes.get(tag);
  if (!f) wholes.set(tag, (f = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 })));
  return f.format(n);
};

/** The facts of a car a page shows: `panel` every field but the currency (in the price), `public` those not shown in a place of their own. */
export function carFacts(row: VehicleRow, lang: Lang, where: 'panel' | 'public'): CarFact[] {
  const format = marketFormat(row.market);
  const unit = findMarket(row.market)?.mileage_unit ?? 'km';
  const stored = row as unknown as Record<string, string | number | null | undefined>;
  const out: CarFact[] = [];
  for (const f of fields) {
    if (f.facts === 'none' || (where === 'public' && f.facts === 'panel')) continue;
    const v = stored[f.column];
    const shown = SHOWN[f.name as CustomFieldName];
    let value: string | null;
    if (v === null || v === undefined || v === '') value = null;
    else if (shown) value = shown(row, format, unit);
    else if (f.rule.kind === 'vocabulary') value = word(lang, 'value', String(v));
    else if (f.rule.kind === 'whole' && typeof v === 'number') value = whole(format.tag, v);
    // Text as stored, and the year: a name more than a quantity (never "2.019").
    else value = String(v);
    out.push({ name: f.name as VehicleFieldName, label: word(lang, 'field', f.name), value, long: f.rule.kind === 'text' && f.rule.multiline === true });
  }
  return out;
}
