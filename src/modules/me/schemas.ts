import { Type } from 'typebox';
import { MARKET_CODES } from '../markets/markets.js';

export const AccountSchema = Type.Object(
  {
    livemode: Type.Boolean({
      description:
        "D35: false for a sandbox key (`dik_test_…`), which works on the dealership's sandbox — its own cars, leads, webhooks, feeds and limits, never public — and true for a live key.",
    }),
    dealer: Type.Object({
      name: Type.String(),
      slug: Type.String(),
      markets: Type.Array(Type.Unsafe<string>({ type: 'string', enum: [...MARKET_CODES] })),
      time_zone: Type.String({
        description: "The dealership's IANA time zone (D32): its own, else its first market's. Times are shown to people in it.",
        examples: ['America/Argentina/Buenos_Aires'],
      }),
      logo_url: Type.Union([Type.String({ format: 'uri' }), Type.Null()], {
        description:
          "The dealership's logo (D32, P132): a WebP of at most 256 px a side, uploaded by an owner in the panel; its URL changes when the logo does, so it may be cached for good. Null when it has none.",
        examples: ['https://cars.example.com/photos/9b74c9897bac770ffc029102a200c5de9b74c9897bac770ffc029102a200c5de/logo.webp'],
      }),
    }),
    key: Type.Object({
      prefix: Type.String({ description: 'The first 12 characters of the key: enough to tell keys apart.' }),
      name: Type.String(),
    }),
    limits: Type.Object({
      per_minute: Type.Integer({ description: 'Calls allowed per key in any 60-second window.' }),
      sync_max: Type.Integer({ description: 'Vehicles per sync call.' }),
      min_photos: Type.Integer({ description: "Fewest photos a car needs to go live, in the dealership's markets." }),
    }),
    api_version: Type.String({ examples: ['1.0.0'] }),
  },
  { $id: 'Account', title: 'Account' },
);
