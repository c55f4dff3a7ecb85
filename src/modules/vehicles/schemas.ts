// Shapes of spec 2.1–2.7, defined once: they document the API (OpenAPI), type the code, and
// serialize responses. VehicleInput bodies are checked by validation.ts, which reports every
// broken rule at once (D9); their schemas here describe the same rules for readers.
import { DATE_TIME_MAX_LENGTH, nullable } from '../../core/http/schemas.js';
import { HINT_CODES, type QualityHint } from './quality.js';
import { Type, type Static, type TSchema } from 'typebox';
import { SERVICE_VALIDATED } from '../../core/http/schema-compilers.js';
import { CURSOR_MAX_LENGTH } from './cursor.js';
import { SHOWN_SOURCES, SOURCES } from './sources.js';
import { MARKET_CODE_MAX, MARKET_CODES, MARKETS } from '../markets/markets.js';
import { VEHICLE_FIELDS, VEHICLE_LIMITS, type VehicleField } from './fields.js';
import { STOCK_ID_DOC, STOCK_ID_RULE } from './stock-id.js';
import { DryRunFlag, dryRunResultProperties } from './dry-run-schema.js';
import { VEHICLE_STATUSES, type VehicleStatus } from '../../core/db/schema.js';
import { PriceRatingSchema, type PriceRating } from '../pricing/schemas.js';

const VIN_RULE =
  '17 characters, A–Z and 0–9 without I, O, Q; read upper-case, spaces and dashes removed. For cars of market `us` the check digit ' +
  '(9th character, ISO 3779 / 49 CFR 565) must match, else 422; other markets check only the shape.';

/** Highest `page` of GET /vehicles (100 cars a page: 10 million); deeper reads use cursor. */
const LIST_PAGE_MAX = 100_000;

const STATUSES = VEHICLE_STATUSES;
/** For sale (D12's "the source's cars"); every other status is gone: sold, withdrawn, expired. */
export const FOR_SALE_STATUSES = ['active', 'importing_photos', 'in_review'] as const satisfies readonly VehicleStatus[];
/** Statuses whose public page says the car is no longer available (D6). */
export const GONE_STATUSES: readonly string[] = STATUSES.filter((s) => !(FOR_SALE_STATUSES as readonly string[]).includes(s));

/** A string of a fixed vocabulary, typed as its union. */
const oneOf = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** A string of a vocabulary read back from the store: documented as an enum, typed as a string. */
const vocabularyText = (values: readonly string[], options: Record<string, unknown> = {}) =>
  Type.Unsafe<string>({ type: 'string', enum: [...values], ...options });

/**
 * An optional input as the service takes it: null is "not given" (validation.ts, scope.ts), so
 * the schema says so (P90) and a typed client may send null.
 */
const orNull = <T extends TSchema>(s: T) => {
  const plain = s as unknown as { type: string; enum?: unknown[] };
  return Type.Unsafe<Static<T> | null>({ ...s, type: [plain.type, 'null'], ...(plain.enum ? { enum: [...plain.enum, null] } : {}) });
};

/** A vocabulary value or null, documented as its enum. */
const nullableOneOf = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number] | null>({ type: ['string', 'null'], enum: [...values, null], ...options });

/** Something applied but worth the dealer's look (P27): today only `duplicate_vin`. */
const warningProperties = {
  external_id: Type.String({ description: 'The stock ID of the car the warning is about.' }),
  code: oneOf(['duplicate_vin'] as const, {
    description: 'duplicate_vin: another car of the dealership for sale in the same market has this VIN (allowed: dealers re-list; check it is not a mistake).',
  }),
  message: Type.String({ description: 'One readable sentence naming the other car(s).' }),
};

const SourceSchema = oneOf(SOURCES, { description: 'Where the car was sent from. Default `api`.' });
/** A filter by source also takes `panel` (D33), which no call may send. */
const ShownSourceSchema = oneOf(SHOWN_SOURCES, { description: 'Only cars from this source (`panel`: made in the dealer panel, D33).' });
const StatusSchema = oneOf(STATUSES);

/**
 * A stock ID as documented (D26). Only documented: the rule (NFC and trimming first, then 1–80
 * characters) is checked by stock-id.ts, since a schema would count the characters before
 * normalization (an NFD "Ñ" is two).
 */
const stockIdSchema = (description: string) => Type.String({ description: `${description} ${STOCK_ID_RULE}`, examples: ['A/1043'], ...STOCK_ID_DOC });

/** Every value a vocabulary rule accepts in some market; `fixed`: the same in every market. */
function vocabularyOf(f: VehicleField): { values: string[]; fixed: boolean } | undefined {
  if (f.rule.kind !== 'vocabulary') return undefined;
  const rule = f.rule;
  const lists = MARKETS.map((m) => rule.values(m));
  return { values: [...new Set(lists.flat())], fixed: new Set(lists.map((l) => l.join())).size === 1 };
}

/** The fields with rules of their own, as the reference describes them. */
const CUSTOM_INPUT: Record<string, TSchema> = {
  brand: Type.String({ maxLength: VEHICLE_LIMITS.lookup, description: 'Name or slug from GET /catalog/brands (any case).', examples: ['Toyota'] }),
  model: Type.String({
    maxLength: VEHICLE_LIMITS.lookup,
    description: 'Base model (not the trim): name or slug from GET /catalog/brands/{slug}/models.',
    examples: ['Corolla'],
  }),
  year: Type.Integer({
    minimum: VEHICLE_LIMITS.yearMin,
    maximum: VEHICLE_LIMITS.yearMax,
    description: "Must be one of the model's `years`: never after next year (this year + 1).",
  }),
  // No multipleOf 0.01 (P186): validators apply it in binary floating point and refuse 19.99.
  price: Type.Number({
    exclusiveMinimum: 0,
    maximum: VEHICLE_LIMITS.price,
    description:
      'Greater than 0, at most two decimals: 19.99, not 19.999 (422). The decimals are checked by the service alone: JSON Schema validators apply a multipleOf 0.01 in binary floating point, where 19.99 is no multiple of 0.01.',
  }),
  mileage: Type.Integer({
    minimum: 0,
    maximum: VEHICLE_LIMITS.mileage,
    description: "In the market's mileage_unit (mi in us/uk, km elsewhere); 0 for a new car.",
  }),
  vin: Type.String({ maxLength: VEHICLE_LIMITS.vin, description: `Vehicle identification number. ${VIN_RULE}`, examples: ['1HGCM82633A004352'] }),
};

/** A field as VehicleInput takes it (fields.ts): its rule, as a schema for readers. */
function inputSchema(f: VehicleField): TSchema {
  const custom = CUSTOM_INPUT[f.name];
  if (custom) return custom;
  const o = f.description ? { description: f.description } : {};
  const r = f.rule;
  if (r.kind === 'text') return Type.String({ maxLength: r.max, ...o });
  if (r.kind === 'whole') return Type.Integer({ minimum: r.min, maximum: r.max, ...o });
  const vocabulary = vocabularyOf(f);
  return vocabulary?.fixed ? oneOf(vocabulary.values, o) : Type.String({ maxLength: VEHICLE_LIMITS.lookup, ...o });
}

const vehicleInputProperties: Record<string, TSchema> = {};
for (const f of VEHICLE_FIELDS as readonly VehicleField[]) {
  const schema = inputSchema(f);
  vehicleInputProperties[f.name] = f.required ? schema : Type.Optional(orNull(schema));
  if (f.name === 'description') {
    // The photos and the call's own fields, where the reference has always listed them.
    vehicleInputProperties.photos = Type.Optional(
      orNull(
        Type.Array(Type.String({ format: 'uri', maxLength: VEHICLE_LIMITS.photoUrl }), {
          minItems: 3,
          maxItems: 10,
          description:
            "Public http(s) image URLs, 3 to 10 (the market's photos.min/max). Required for a new car; on an update, leaving it out keeps the photos.",
        }),
      ),
    );
    vehicleInputProperties.market = Type.Optional(
      orNull(Type.String({ maxLength: MARKET_CODE_MAX, description: 'Required only if the dealership sells in several markets (or give ?market=).' })),
    );
    vehicleInputProperties.source = Type.Optional(orNull(SourceSchema));
  }
}

export const VehicleInputSchema = Type.Object(vehicleInputProperties, {
  $id: 'VehicleInput',
  title: 'VehicleInput',
  description:
    'Unknown fields are ignored. null on an optional field is the same as leaving it out. Every broken rule is reported at once in a 422 invalid_vehicle.',
  ...SERVICE_VALIDATED,
});

/** The fields with answers of their own, as the reference describes them. */
const CUSTOM_OUTPUT: Record<string, TSchema> = {
  brand: Type.String({ description: 'Catalog name.' }),
  model: Type.String({ description: 'Catalog name.' }),
  price: Type.String({ description: 'Decimal as a string with two decimals, e.g. "12500.00" (never null: price is required).' }),
  mileage: Type.Integer({ minimum: 0, description: 'In mileage_unit (never null: mileage is required).' }),
  vin: nullable<string>('string', { description: 'Beyond spec 2.2: the VIN, upper-case; null when not given.' }),
  city: nullable<string>('string', { description: "The car's city, else the dealership's; null when neither is known." }),
};

/** A field as the API shows it (fields.ts): "" or null when not given, as the field says. */
function outputSchema(f: VehicleField): TSchema {
  const custom = CUSTOM_OUTPUT[f.name];
  if (custom) return custom;
  const vocabulary = vocabularyOf(f);
  const extra = f.hash === 'base' ? '' : 'Beyond spec 2.2: ';
  if (f.absent === '') {
    const description =
      vocabulary && !vocabulary.fixed && f.description ? `${f.description.replace(/\.$/, '')}; empty when not given.` : 'Empty when not given.';
    return vocabulary ? vocabularyText(['', ...vocabulary.values], { description }) : Type.String({ description });
  }
  if (!f.nullable) return vocabulary ? vocabularyText(vocabulary.values) : f.type === 'integer' ? Type.Integer() : Type.String();
  const description = `${extra}null when not given.`;
  if (vocabulary?.fixed) return nullableOneOf(vocabulary.values, { description });
  return nullable(f.type, { description });
}

const vehicleProperties: Record<string, TSchema> = {
  external_id: Type.String({ description: "The dealer's stock ID, exactly as stored: NFC-normalized and trimmed (D26)." }),
  listing_id: Type.String({ description: "The service's own stable listing code." }),
  market: vocabularyText(MARKET_CODES),
  status: StatusSchema,
  source: vocabularyText(SHOWN_SOURCES),
  url: Type.String({ description: 'Public listing page (URI).' }),
};
const fields = VEHICLE_FIELDS as readonly VehicleField[];
for (const f of fields.filter((f) => f.hash === 'base')) {
  vehicleProperties[f.name] = outputSchema(f);
  if (f.name === 'mileage') vehicleProperties.mileage_unit = oneOf(['km', 'mi'] as const);
}
Object.assign(vehicleProperties, {
  photos: Type.Array(Type.String(), {
    description:
      "The service's own URLs of the photos already in, in the dealer's order: for a new car they appear as they arrive (photos + photos_pending = the photo count " +
      'while none has failed). An active car whose photo list changed keeps showing its previous set until the new list is settled, then shows the new one whole.',
  }),
  photos_pending: Type.Integer({ description: "Photos of the dealer's list still being downloaded (a photo waiting for a retry included)." }),
  photo_status: Type.Array(
    Type.Object({
      source_url: Type.String({ description: "The dealer's URL." }),
      status: oneOf(['pending', 'ready', 'failed'] as const),
      reason: nullable<string>('string', {
        description:
          'Why a failed photo could not be had; on a pending photo whose last try failed, "retrying: " and that failure (e.g. "retrying: the server answered HTTP 503").',
      }),
      url: nullable<string>('string', { description: 'Our copy (1280 px wide at most), when ready.' }),
      original_url: nullable<string>('string', { description: 'Our full-size copy, when ready.' }),
    }),
    { description: "Beyond spec 2.2: each photo of the dealer's current list, in the dealer's order, with its download outcome." },
  ),
  review_reasons: Type.Array(Type.String(), {
    description:
      'Beyond spec 2.2: why the car is in_review, one readable sentence each (the contact detail found in its description or version; each photo that ' +
      'could not be used and why, and how many were needed). Always present; empty unless status is in_review.',
  }),
  updated_at: Type.String({ format: 'date-time', description: 'Changes only when something about the car changed (never null).' }),
  price_rating: PriceRatingSchema,
});
for (const f of fields.filter((f) => f.hash !== 'base')) vehicleProperties[f.name] = outputSchema(f);
vehicleProperties.quality = Type.Object(
  {
    score: Type.Integer({ minimum: 0, maximum: 100, description: 'D43: 0–100 from the published weights (docs/quality.md); 100 with no hint.' }),
    hints: Type.Array(
      Type.Object({
        code: vocabularyText(HINT_CODES),
        field: Type.String({ description: 'The field to fix: photos, description, fuel, transmission, version or color.' }),
        message: Type.String({ description: "What to do, in the reader's language (D31)." }),
        points: Type.Integer({ minimum: 0, description: 'By how much fixing this hint alone raises the score.' }),
        photo: Type.Optional(Type.Integer({ minimum: 0, description: "Photo hints: the photo's 0-based position in the dealer's list." })),
      }),
      { description: 'Most points first.' },
    ),
  },
  {
    description:
      'D43 listing quality. Photo checks run as each photo is processed, so the score may change until photos_pending is 0. ' +
      'Beyond D43, photo_exposure (too dark or too bright) and photo_portrait_first (an upright first photo) are hints too (P220).',
  },
);

const VehicleSchema = Type.Object(vehicleProperties, { $id: 'Vehicle', title: 'Vehicle' });
/** A field's value as the API shows it. */
type Shown<F extends (typeof VEHICLE_FIELDS)[number]> = F['name'] extends 'price'
  ? string
  : (F['type'] extends 'integer' ? number : string) | (F['nullable'] extends true ? (F['absent'] extends '' ? never : null) : never);

/** A car as the API shows it (spec 2.2): typed from the field table, since its schema is built from it. */
export type Vehicle = {
  external_id: string;
  listing_id: string;
  market: string;
  status: VehicleStatus;
  source: string;
  url: string;
  mileage_unit: 'km' | 'mi';
  photos: string[];
  photos_pending: number;
  photo_status: { source_url: string; status: 'pending' | 'ready' | 'failed'; reason: string | null; url: string | null; original_url: string | null }[];
  review_reasons: string[];
  updated_at: string;
  quality: { score: number; hints: QualityHint[] };
  price_rating: PriceRating | null;
} & { [F in (typeof VEHICLE_FIELDS)[number] as F['name']]: Shown<F> };

/** PUT's answer: `warnings` always present (usually empty), so typed clients need no check (P90). */
const VehicleResultSchema = Type.Object(
  {
    result: oneOf(['created', 'updated'] as const),
    vehicle: Type.Ref('Vehicle'),
    warnings: Type.Array(Type.Object(warningProperties), {
      description: 'Beyond spec 2.3 (always present, usually empty): what was applied but deserves a look, e.g. a duplicate VIN.',
    }),
  },
  { $id: 'VehicleResult', title: 'VehicleResult' },
);

/** DELETE's and sold's answer: spec 2.3's `{ result, vehicle }`, without warnings. */
const VehicleStateResultSchema = Type.Object(
  {
    result: oneOf(['withdrawn', 'sold'] as const),
    vehicle: Type.Ref('Vehicle'),
  },
  { $id: 'VehicleStateResult', title: 'VehicleStateResult' },
);

const VehicleEnvelopeSchema = Type.Object({ vehicle: Type.Ref('Vehicle') }, { $id: 'VehicleEnvelope', title: 'VehicleEnvelope' });

const VehicleListSchema = Type.Object(
  {
    data: Type.Array(Type.Ref('Vehicle')),
    page: Type.Integer({ description: 'The page number asked for (default 1); 0 when the page was chosen by `cursor`.' }),
    per_page: Type.Integer(),
    total: Type.Integer({ description: 'Cars matching the filters (the whole list, not what is left after a cursor).' }),
    next_cursor: nullable<string>('string', {
      description: 'Beyond spec 2.4: give it as `cursor` (with the same filters) to read the cars after this page; null when this page is the last.',
    }),
  },
  { $id: 'VehicleList', title: 'VehicleList' },
);

export const SyncRequestSchema = Type.Object(
  {
    vehicles: Type.Array(
      Type.Object({ external_id: stockIdSchema("The dealer's stock ID; an ID that breaks the rule is an error for that vehicle."), ...vehicleInputProperties }),
      { maxItems: 500, description: 'At most 500 (413 above). Each is validated and applied on its own.' },
    ),
    market: Type.Optional(orNull(Type.String({ maxLength: MARKET_CODE_MAX }))),
    source: Type.Optional(orNull(SourceSchema)),
    mark_missing_as_sold: Type.Optional(
      orNull(Type.Boolean({ default: false, description: 'Mark sold the cars of this source not in the list; skipped if any vehicle fails.' })),
    ),
    allow_mass_sold: Type.Optional(orNull(Type.Boolean({ default: false, description: 'Override the mass-sold guard.' }))),
    dry_run: Type.Optional(orNull(DryRunFlag)),
  },
  { $id: 'SyncRequest', title: 'SyncRequest', ...SERVICE_VALIDATED },
);

const SyncResultSchema = Type.Object(
  {
    created: Type.Integer(),
    updated: Type.Integer(),
    sold: Type.Integer(),
    sold_skipped: Type.Optional(
      Type.String({ description: 'Why no car was marked sold (present only when mark_missing_as_sold was asked and a vehicle failed).' }),
    ),
    errors: Type.Array(
      Type.Object({
        index: Type.Integer({ description: '0-based position in `vehicles`.' }),
        external_id: Type.String({ description: 'The stock ID as sent, normalized (cut at 80 characters and followed by "…" when longer); "" when missing.' }),
        message: Type.String(),
      }),
    ),
    warnings: Type.Array(Type.Object({ index: Type.Integer({ description: '0-based position in `vehicles`.' }), ...warningProperties }), {
      description:
        'Beyond spec 2.6: cars that were applied but deserve a look (e.g. a VIN another car for sale already has), by index (a dry run, D30: those the call would give). Always present.',
    }),
    ...dryRunResultProperties,
  },
  { $id: 'SyncResult', title: 'SyncResult' },
);

export const ReconcileRequestSchema = Type.Object(
  {
    external_ids: Type.Array(stockIdSchema('A stock ID; one that breaks the rule refuses the call (400 invalid_request naming it).'), {
      maxItems: 20000,
      description: 'EVERY stock ID of the source still for sale (at most 20000; an empty list is refused with 409 empty_list).',
    }),
    market: Type.Optional(Type.String({ maxLength: MARKET_CODE_MAX })),
    source: Type.Optional(SourceSchema),
    allow_mass_sold: Type.Optional(Type.Boolean({ default: false })),
    dry_run: DryRunFlag,
  },
  { $id: 'ReconcileRequest', title: 'ReconcileRequest' },
);

const ReconcileResultSchema = Type.Object(
  {
    result: Type.Literal('reconciled'),
    sold: Type.Integer({ description: 'Cars marked sold.' }),
    kept: Type.Integer({ description: 'Cars of the source for sale and in the list.' }),
    unknown: Type.Integer({ description: 'Stock IDs in the list that match no car of the dealership in that market (ignored).' }),
    ...dryRunResultProperties,
  },
  { $id: 'ReconcileResult', title: 'ReconcileResult' },
);

export const ExternalIdParams = Type.Object({
  external_id: stockIdSchema(
    "The dealer's stock ID, percent-encoded (`A/1043` → `A%2F1043`, `STK 1043` → `STK%201043`); one that breaks the rule answers 400 invalid_request.",
  ),
});

export const MarketQuery = Type.Object({
  market: Type.Optional(Type.String({ maxLength: MARKET_CODE_MAX, description: 'Required only if the dealership sells in several markets.' })),
});

export const ListQuery = Type.Object({
  market: Type.Optional(Type.String({ maxLength: MARKET_CODE_MAX, description: "Only this market (default: all of the dealership's markets)." })),
  source: Type.Optional(ShownSourceSchema),
  status: Type.Optional(StatusSchema),
  updated_since: Type.Optional(
    Type.String({ format: 'date-time', maxLength: DATE_TIME_MAX_LENGTH, description: 'Cars with updated_at at or after this time.' }),
  ),
  vin: Type.Optional(
    Type.String({
      maxLength: 40,
      description: 'Beyond the spec: only cars with this VIN (any case; spaces and dashes ignored). Not a 17-character VIN shape: 400.',
    }),
  ),
  // No `default` on page: a page given with a cursor must be told from a page left out.
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST_PAGE_MAX, description: `Default 1; at most ${LIST_PAGE_MAX}. Not with cursor.` })),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: CURSOR_MAX_LENGTH,
      description:
        'Beyond the spec: the next_cursor of a previous answer, with the same filters; lists the cars after the last one of that answer (keyset). Not with page.',
    }),
  ),
});

export const VEHICLE_SCHEMAS = [
  VehicleInputSchema,
  VehicleSchema,
  VehicleResultSchema,
  VehicleStateResultSchema,
  VehicleEnvelopeSchema,
  VehicleListSchema,
  SyncRequestSchema,
  SyncResultSchema,
  ReconcileRequestSchema,
  ReconcileResultSchema,
];
