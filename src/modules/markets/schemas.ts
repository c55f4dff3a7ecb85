import { Type } from 'typebox';

export const MarketSchema = Type.Object(
  {
    code: Type.String({ examples: ['ar'] }),
    name: Type.String({ examples: ['Argentina'] }),
    currencies: Type.Array(Type.String(), { examples: [['ARS', 'USD']] }),
    default_currency: Type.String(),
    mileage_unit: Type.Union([Type.Literal('km'), Type.Literal('mi')]),
    fuels: Type.Array(Type.String()),
    transmissions: Type.Array(Type.String()),
    conditions: Type.Array(Type.String()),
    photos: Type.Object({ min: Type.Integer(), max: Type.Integer() }),
  },
  { $id: 'Market', title: 'Market' },
);

export const MarketParams = Type.Object({ code: Type.String({ maxLength: 8, description: 'Market code, e.g. ar, br, us.' }) });
