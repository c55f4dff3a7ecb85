// The price rating's shape in API answers (D44): on every Vehicle and in the price preview.
import { Type, type Static } from 'typebox';

/** D44 (P228, P229): the car's price against its expected price. */
export const PriceRatingSchema = Type.Union(
  [
    Type.Object({
      label: Type.Union(
        // The five labels of model.ts, in order.
        [Type.Literal('great'), Type.Literal('good'), Type.Literal('fair'), Type.Literal('high'), Type.Literal('overpriced')],
        {
          description:
            'The price ÷ the expected price: `great` ≤ 0.90 < `good` ≤ 0.97 < `fair` < 1.03 ≤ `high` < 1.10 ≤ `overpriced` (P229). Made from the current price, so it follows a price edit at once.',
        },
      ),
      expected_price: Type.String({
        pattern: '^[0-9]+\\.[0-9]{2}$',
        description: "What the car's comparables say it should cost for its year, mileage and trim (P228), as a decimal string (D9).",
      }),
      comparables: Type.Integer({
        minimum: 10,
        description: 'The other cars for sale of the same market, currency, brand, model and condition, year within ±2.',
      }),
      currency: Type.String({ description: "ISO 4217 code of the expected price (the car's)." }),
    }),
    Type.Null(),
  ],
  {
    description:
      'D44: null when the car is not for sale (`active`), is a sandbox car, has fewer than 10 comparables, or was changed and is being rated again ' +
      '(a few seconds, in the background).',
  },
);

export type PriceRating = NonNullable<Static<typeof PriceRatingSchema>>;
