// Shapes of the statistics API (D34), registered once at the root (src/schemas.ts) for OpenAPI.
import { Type, type Static } from 'typebox';
import { PriceRatingSchema } from '../pricing/schemas.js';

const DateString = (description: string) => Type.String({ maxLength: 10, description });
const Count = (description: string) => Type.Integer({ minimum: 0, description });

export const StatsQuery = Type.Object({
  from: Type.Optional(
    DateString('First local day (YYYY-MM-DD) of the dealership (D32), included, from 1970-01-01 to 9999-12-30. Default: 29 days before `to`.'),
  ),
  to: Type.Optional(
    DateString(
      "Last local day (YYYY-MM-DD), included, from 1970-01-01 to 9999-12-30. Default: today in the dealership's time zone. At most 366 days from `from`.",
    ),
  ),
  market: Type.Optional(
    Type.String({
      maxLength: 8,
      description: 'Required for a car only if the dealership sells in several markets; for /stats, only this market (default: all).',
    }),
  ),
});
export type StatsQueryInput = Static<typeof StatsQuery>;

const figureFields = {
  views: Count('Views: one per visitor (not a bot), car and local day; at most 3 visitors of one address (P153).'),
  inquiries: Count("Buyers' messages sent with the car's inquiry form."),
  phone: Count("Buyers who followed the car's phone link: one per visitor (not a bot), car and local day, as views (P152)."),
  whatsapp: Count("Buyers who followed the car's WhatsApp link: one per visitor (not a bot), car and local day, as views (P152)."),
};

const TotalsSchema = Type.Object(
  { ...figureFields, leads: Count("Leads created in the range (a buyer's first message about the car).") },
  { $id: 'StatsTotals', title: 'StatsTotals', description: 'Sums over the range.' },
);
export type Totals = Static<typeof TotalsSchema>;

const DayStatsSchema = Type.Object(
  { date: DateString('A local day of the dealership (YYYY-MM-DD).'), ...figureFields },
  { $id: 'StatsDay', title: 'StatsDay', description: 'The figures of one local day; every day of the range is listed, zeros included, oldest first.' },
);
export type DayStats = Static<typeof DayStatsSchema>;

const Decimal = (description: string) => Type.String({ description: `${description} Decimal as a string with two decimals, e.g. "12500.00" (D9).` });

const MarketPositionSchema = Type.Object(
  {
    comparables: Count('How many comparables the position is computed from (at least 5).'),
    median_price: Decimal("The comparables' median price."),
    percentile: Type.Integer({ minimum: 0, maximum: 100, description: 'The share (0–100, rounded down) of comparables priced below this car.' }),
    label: Type.Union([Type.Literal('below'), Type.Literal('fair'), Type.Literal('above')], {
      description: '`below`: price < 0.95 × median; `above`: price > 1.05 × median; otherwise `fair`.',
    }),
    currency: Type.String({ description: 'ISO 4217 code of the prices compared.' }),
    price_band: Type.Object(
      { min: Decimal('The lowest comparable price.'), max: Decimal('The highest comparable price.') },
      { description: "The range of the comparables' prices." },
    ),
  },
  {
    $id: 'MarketPosition',
    title: 'MarketPosition',
    description:
      "The car's price against its comparables: the other active cars of any dealership (this dealership's other cars included) in the same market and " +
      'currency, same catalog brand and model, year within ±1, same condition. Null when there are fewer than 5.',
  },
);
export type MarketPosition = Static<typeof MarketPositionSchema>;

const PricePointSchema = Type.Object(
  {
    price: Decimal('The price.'),
    currency: Type.String({ description: 'ISO 4217 code.' }),
    since: Type.String({ format: 'date-time', description: 'When the car took this price.' }),
  },
  { $id: 'PricePoint', title: 'PricePoint' },
);

const VehicleStatsSchema = Type.Object(
  {
    external_id: Type.String({ description: "The dealer's stock ID." }),
    listing_id: Type.String({ description: "The car's listing code (its public page)." }),
    from: DateString('First day of the range.'),
    to: DateString('Last day of the range.'),
    totals: Type.Ref('StatsTotals'),
    days: Type.Array(Type.Ref('StatsDay')),
    days_on_market: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'Whole local days since the car was first published (`active`) in its current period for sale; null before that and once it left sale.',
    }),
    price_history: Type.Array(Type.Ref('PricePoint'), { description: 'Every price the car has had, oldest first.' }),
    market_position: Type.Union([Type.Ref('MarketPosition'), Type.Null()]),
  },
  { $id: 'VehicleStats', title: 'VehicleStats', description: "One car's statistics over a range of the dealership's local days (D34)." },
);
export type VehicleStats = Static<typeof VehicleStatsSchema>;

const VehicleFiguresSchema = Type.Object(
  {
    external_id: Type.String({ description: "The dealer's stock ID." }),
    listing_id: Type.String({ description: "The car's listing code." }),
    ...figureFields,
    leads: Count('Leads created in the range.'),
  },
  { $id: 'VehicleFigures', title: 'VehicleFigures' },
);

const Minutes = (description: string) =>
  Type.Unsafe<number | null>({
    type: ['number', 'null'],
    minimum: 0,
    description: `${description} Minutes, to one decimal; null with fewer than 5 answered leads.`,
  });

const ResponseStatsSchema = Type.Object(
  {
    leads: Count('Leads created in the range.'),
    answered: Count('Of those, the leads the dealership has answered (their first_response_at is set).'),
    median_minutes: Minutes("The median time from a lead's creation to its first response, over the answered leads."),
    within_1h_share: Type.Number({
      minimum: 0,
      maximum: 1,
      description:
        'The share (0–1, three decimals) of the leads answered within an hour of their creation; a lead not answered counts as not within. 0 without leads.',
    }),
    market_median_minutes: Minutes(
      "The same median over every dealership's answered leads about cars of the same market (the `market` asked for, else the dealership's markets): one anonymous figure.",
    ),
  },
  {
    $id: 'ResponseStats',
    title: 'ResponseStats',
    description:
      "D42 reply speed of the leads created in the range. A lead's first response is the first reply e-mailed from the dealer panel, or the panel's WhatsApp or call link to the buyer opened by a signed-in user.",
  },
);

const DealerStatsSchema = Type.Object(
  {
    from: DateString('First day of the range.'),
    to: DateString('Last day of the range.'),
    totals: Type.Ref('StatsTotals'),
    days: Type.Array(Type.Ref('StatsDay')),
    vehicles: Type.Array(Type.Ref('VehicleFigures'), { maxItems: 100, description: 'Cars with any figure in the range, most viewed first, at most 100.' }),
    response: Type.Ref('ResponseStats'),
  },
  { $id: 'DealerStats', title: 'DealerStats', description: "The dealership's statistics over a range of its local days (D34)." },
);
export type DealerStats = Static<typeof DealerStatsSchema>;

export const PricePreviewQuery = Type.Object({
  price: Type.Optional(
    Type.String({ maxLength: 40, description: 'The price to try, in the currency of the car: a number above 0, at most two decimals (D44).' }),
  ),
  market: Type.Optional(Type.String({ maxLength: 8, description: 'Required only if the dealership sells in several markets.' })),
});

const PricePreviewSchema = Type.Object(
  {
    price: Decimal('The price tried.'),
    currency: Type.String({ description: "ISO 4217 code: the car's currency." }),
    price_rating: PriceRatingSchema,
    market_position: Type.Union([Type.Ref('MarketPosition'), Type.Null()], { description: "The price tried against the car's comparables (D34)." }),
    expected_days_to_sell: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description:
        "The median days on market of the marketplace's comparable cars sold in the last year whose price stood closest to their expected price as this one " +
        'would (P231); null with fewer than 5 such sales or without a price rating.',
    }),
  },
  { $id: 'PricePreview', title: 'PricePreview', description: 'A car at another price, nothing changed (D44).' },
);
export type PricePreview = Static<typeof PricePreviewSchema>;

export const STATS_SCHEMAS = [
  TotalsSchema,
  DayStatsSchema,
  MarketPositionSchema,
  PricePointSchema,
  VehicleStatsSchema,
  VehicleFiguresSchema,
  ResponseStatsSchema,
  DealerStatsSchema,
  PricePreviewSchema,
];
