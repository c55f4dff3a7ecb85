import { Type } from 'typebox';
import { MARKET_CODE_MAX, MARKETS } from './markets.js';

/** A closed reference set (P90): documented as an enum so typed clients get its union; typed here as text. */
const anyOf = (values: readonly string[]) => Type.Unsafe<string>({ type: 'string', enum: [...new Set(values)] });

export const MarketSchema = Type.Object(
  {
    code: Type.String({ examples: ['ar'] }),
    name: Type.String({ examples: ['Argentina'] }),
    currencies: Type.Array(Type.String(), { examples: [['ARS', 'USD']] }),
    default_currency: Type.String(),
    mileage_unit: Type.Union([Type.Literal('km'), Type.Literal('mi')]),
    fuels: Type.Array(anyOf(MARKETS.flatMap((m) => m.fuels)), { description: "This market's fuels (each market has its own subset)." }),
    transmissions: Type.Array(anyOf(MARKETS.flatMap((m) => m.transmissions))),
    conditions: Type.Array(anyOf(MARKETS.flatMap((m) => m.conditions))),
    photos: Type.Object({ min: Type.Integer(), max: Type.Integer() }),
  },
  { $id: 'Market', title: 'Market' },
);

export const MarketParams = Type.Object({ code: Type.String({ maxLength: MARKET_CODE_MAX, description: 'Market code, e.g. ar, br, us.' }) });
