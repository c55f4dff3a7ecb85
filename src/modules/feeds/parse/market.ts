// A feed's market read into its rows (D16, P27): the mapper keeps the distance unit a row wrote
// (`12000 km`, `mileage.unit` = MI) under MILEAGE_UNIT; here a mileage in the other unit is
// converted (rounded to whole units), and an unknown unit is a row error. A price in a currency
// the market does not take is left to validation, which refuses the row and names the market's
// currencies. Without a market (parsing on its own) mileages are kept as written.
import { msg, type Msg } from '../../../core/i18n/index.js';
import { findMarket } from '../../markets/markets.js';
import { normalizeStockId } from '../../vehicles/stock-id.js';
import type { ItemError, ParsedRow, RowSink } from './types.js';

/** The distance unit the row wrote its mileage in ('km', 'mi', or the unknown word as written). */
export const MILEAGE_UNIT = '@mileage_unit';

const KM_PER_MILE = 1.609344;

/** A sink that applies the market to each row before `rows`; row problems go to `rowErrors`. */
export function marketSink(rows: RowSink, marketCode: string | undefined, rowErrors: ItemError[]): RowSink {
  const market = marketCode ? findMarket(marketCode) : undefined;
  return {
    push(row: ParsedRow) {
      const v = row.vehicle;
      const unit = v[MILEAGE_UNIT];
      Reflect.deleteProperty(v, MILEAGE_UNIT);
      const problems: Msg[] = [];
      if (typeof unit === 'string' && typeof v.mileage === 'number') {
        if (unit !== 'km' && unit !== 'mi') problems.push(msg('mileage_unit_unknown', { unit: unit.slice(0, 40) }));
        else if (market && unit !== market.mileage_unit && Number.isFinite(v.mileage)) {
          v.mileage = Math.round(unit === 'mi' ? v.mileage * KM_PER_MILE : v.mileage / KM_PER_MILE);
        }
      }
      if (problems.length > 0) {
        const id = typeof v.external_id === 'string' ? normalizeStockId(v.external_id) : '';
        rowErrors.push({ index: row.index, external_id: id, rules: problems });
        return undefined;
      }
      return rows.push(row);
    },
  };
}
