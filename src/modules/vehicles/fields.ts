// The one table of a car's content fields (P73): each field's API and feed name, its property
// in VehicleData, its column, its rule, its default, its place in the content hash and how the
// API shows it "not given". Validation (the generic rules), the "sent again unchanged" reading
// (unchanged.ts), the content hash, the columns written (apply.ts, repository.ts), the API's
// serialization, its schemas and the feed mapper's field list are derived from it, so a field
// added here (with its column, in a migration) is carried by all of them
// (test/vehicles/fields.test.ts walks every field through the API and a feed).
// Photos are not in it: a car's photos are a list with a pipeline of their own (vehicles/photos/).
import type { Market } from '../markets/markets.js';

/**
 * The bounds of a car's fields (the contract's, and ours where it gives none). A text bound
 * counts the characters (code points) of the value as sent, as JSON Schema's maxLength does, so
 * the OpenAPI document states exactly what validation takes (P187).
 */
export const VEHICLE_LIMITS = {
  yearMin: 1950,
  /** A year of four digits; validation also refuses a year after next (P187). */
  yearMax: 9999,
  /** Prices are kept in whole cents, a bigint: 10^14 cents is far inside it. */
  price: 1e12,
  /** A value looked up in a list: brand and model in the catalog (whose brand path, GET /catalog/brands/{slug}/models, takes 80), a vocabulary's word. */
  lookup: 80,
  version: 160,
  description: 2000,
  color: 80,
  city: 120,
  photoUrl: 2048,
  mileage: 9_999_999,
  engine: 80,
  doorsMin: 1,
  doorsMax: 9,
  vin: 40,
} as const;

/** Body styles (P27): what buyers filter by; feeds map the usual synonyms onto these (feeds/parse/values.ts). */
const BODY_STYLES = ['sedan', 'hatchback', 'suv', 'pickup', 'coupe', 'convertible', 'wagon', 'van', 'minivan'] as const;
/** Drivetrains (P27): front, rear, all-wheel (automatic) and four-wheel (selectable) drive. */
const DRIVETRAINS = ['fwd', 'rwd', 'awd', '4wd'] as const;

/** What validation needs to apply a default. */
export interface DefaultContext {
  market: Market;
  defaultCity: string | null;
}

/** How validation reads a field. */
export type FieldRule =
  /** A rule of its own in validation.ts (brand and model against the catalog, year, price, mileage, VIN). */
  | { kind: 'custom' }
  /** Trimmed text, at most `max` characters; blank is "not given"; only multi-line text keeps line breaks. */
  | { kind: 'text'; max: number; multiline?: boolean }
  /** One of a vocabulary (any case), stored as the vocabulary writes it; `perMarket`: the vocabulary is the market's (a wrong value's sentence names it). */
  | { kind: 'vocabulary'; values: (m: Market) => readonly string[]; perMarket: boolean }
  /** A whole number between min and max. */
  | { kind: 'whole'; min: number; max: number };

export interface VehicleField {
  /** The API's and the feeds' name (VehicleInput, Vehicle, feed columns). */
  readonly name: string;
  /** The property in VehicleData. */
  readonly prop: string;
  /** The column of the vehicles table, and its PostgreSQL type (bulk updates cast by it). */
  readonly column: string;
  readonly sqlType: 'text' | 'integer' | 'bigint';
  /** The stored value's type; `nullable`: "not given" is stored as null. */
  readonly type: 'string' | 'integer';
  readonly nullable: boolean;
  readonly required: boolean;
  readonly rule: FieldRule;
  /** The value of a field not given, when it has one. */
  readonly fallback?: (ctx: DefaultContext) => string | null;
  /**
   * Its place in the content hash, which must never move for a stored car (its hash would
   * change and a sync would rewrite it): `base` fields in table order, then the photos and the
   * source; then the `details` group (P27) when any of it is given; then each `later` field as
   * [name, value] only when given, so adding one changes no stored hash.
   */
  readonly hash: 'base' | 'details' | 'later';
  /** How the API shows a field not given: spec 2.2's text fields as "", the rest as null. */
  readonly absent: '' | null;
  /** For the API reference (OpenAPI). */
  readonly description?: string;
  /**
   * Where a car's facts show it (P189), when not on both the panel's car page and the buyers'
   * page: `panel` (the buyers' page gives it a place of its own: the title, the price line, the
   * description), `none` (the currency: it is part of the price).
   */
  readonly facts?: 'panel' | 'none';
}

const text = (max: number, o: { multiline?: boolean } = {}): FieldRule => ({ kind: 'text', max, ...o });

/** The content fields, in the order their rules are reported and their values hashed. */
export const VEHICLE_FIELDS = [
  {
    name: 'brand',
    prop: 'brand',
    column: 'brand',
    sqlType: 'text',
    type: 'string',
    nullable: false,
    required: true,
    rule: { kind: 'custom' },
    hash: 'base',
    absent: null,
    facts: 'panel',
  },
  {
    name: 'model',
    prop: 'model',
    column: 'model',
    sqlType: 'text',
    type: 'string',
    nullable: false,
    required: true,
    rule: { kind: 'custom' },
    hash: 'base',
    absent: null,
    facts: 'panel',
  },
  {
    name: 'year',
    prop: 'year',
    column: 'year',
    sqlType: 'integer',
    type: 'integer',
    nullable: false,
    required: true,
    rule: { kind: 'custom' },
    hash: 'base',
    absent: null,
  },
  {
    name: 'version',
    prop: 'version',
    column: 'version',
    sqlType: 'text',
    type: 'string',
    nullable: true,
    required: false,
    rule: text(VEHICLE_LIMITS.version),
    hash: 'base',
    absent: '',
    description: 'Trim/version, free text.',
  },
  {
    name: 'price',
    prop: 'priceCents',
    column: 'price_cents',
    sqlType: 'bigint',
    type: 'integer',
    nullable: false,
    required: true,
    rule: { kind: 'custom' },
    hash: 'base',
    absent: null,
    facts: 'panel',
  },
  {
    name: 'currency',
    prop: 'currency',
    column: 'currency',
    sqlType: 'text',
    type: 'string',
    nullable: false,
    required: false,
    rule: { kind: 'vocabulary', values: (m) => m.currencies, perMarket: true },
    fallback: (c) => c.market.default_currency,
    hash: 'base',
    absent: null,
    description: "One of the market's currencies; default the market's default currency.",
    facts: 'none',
  },
  {
    name: 'mileage',
    prop: 'mileage',
    column: 'mileage',
    sqlType: 'integer',
    type: 'integer',
    nullable: false,
    required: true,
    rule: { kind: 'custom' },
    hash: 'base',
    absent: null,
  },
  {
    name: 'fuel',
    prop: 'fuel',
    column: 'fuel',
    sqlType: 'text',
    type: 'string',
    nullable: true,
    required: false,
    rule: { kind: 'vocabulary', values: (m) => m.fuels, perMarket: true },
    hash: 'base',
    absent: '',
    description: "One of the market's fuels.",
  },
  {
    name: 'transmission',
    prop: 'transmission',
    column: 'transmission',
    sqlType: 'text',
    type: 'string',
    nullable: true,
    required: false,
    rule: { kind: 'vocabulary', values: (m) => m.transmissions, perMarket: false },
    hash: 'base',
    absent: '',
  },
  {
    name: 'color',
    prop: 'color',
    column: 'color',
    sqlType: 'text',
    type: 'string',
    nullable: true,
    required: false,
    rule: text(VEHICLE_LIMITS.color),
    hash: 'base',
    absent: '',
  },
  {
    name: 'condition',
    prop: 'condition',
    column: 'condition',
    sqlType: 'text',
    type: 'string',
    nullable: false,
    required: false,
    rule: { kind: 'vocabulary', values: (m) => m.conditions, perMarket: false },
    fallback: () => 'used',
    hash: 'base',
    absent: null,
    description: 'Default `used`.',
  },
  {
    name: 'city',
    prop: 'city',
    column: 'city',
    sqlType: 'text',
    type: 'string',
    nullable: true,
    required: false,
    rule: text(VEHICLE_LIMITS.city),
    fallback: (c) => c.defaultCity,
    hash: 'base',
    absent: null,
    description: "Default: the dealership's city.",
  },
  {
    name: 'description',
    prop: 'description',
    column: 'description',
    sqlType: 'text',
    type: 'string',
    nullable: true,
    required: false,
    rule: text(VEHICLE_LIMITS.description, { multiline: true }),
    hash: 'base',
    absent: '',
    facts: 'panel',
  },
  {
    name: 'vin',
    prop: 'vin',
    column: 'vin',
    sqlType: 'text',
    type: 'string',
    nullable: true,
    required: false,
    rule: { kind: 'custom' },
    hash: 'details',
    absent: null,
  },
  {
    name: 'body_style',
    prop: 'bodyStyle',
    column: 'body_style',
    sqlType: 'text',
    type: 'string',
    nullable: true,
    required: false,
    rule: { kind: 'vocabulary', values: () => BODY_STYLES, perMarket: false },
    hash: 'details',
    absent: null,
    description: 'Body style (any case).',
  },
  {
    name: 'drivetrain',
    prop: 'drivetrain',
    column: 'drivetrain',
    sqlType: 'text',
    type: 'string',
    nullable: true,
    required: false,
    rule: { kind: 'vocabulary', values: () => DRIVETRAINS, perMarket: false },
    hash: 'details',
    absent: null,
    description: 'fwd front-wheel, rwd rear-wheel, awd all-wheel, 4wd four-wheel drive (any case).',
  },
  {
    name: 'doors',
    prop: 'doors',
    column: 'doors',
    sqlType: 'integer',
    type: 'integer',
    nullable: true,
    required: false,
    rule: { kind: 'whole', min: VEHICLE_LIMITS.doorsMin, max: VEHICLE_LIMITS.doorsMax },
    hash: 'details',
    absent: null,
    description: 'Number of doors, the tailgate included.',
  },
  {
    name: 'engine',
    prop: 'engine',
    column: 'engine',
    sqlType: 'text',
    type: 'string',
    nullable: true,
    required: false,
    rule: text(VEHICLE_LIMITS.engine),
    hash: 'details',
    absent: null,
    description: 'Free text, e.g. "2.0 turbo 4-cylinder".',
  },
  {
    name: 'interior_color',
    prop: 'interiorColor',
    column: 'interior_color',
    sqlType: 'text',
    type: 'string',
    nullable: true,
    required: false,
    rule: text(VEHICLE_LIMITS.color),
    hash: 'details',
    absent: null,
    description: 'Free text, as color.',
  },
] as const satisfies readonly VehicleField[];

type Fields = (typeof VEHICLE_FIELDS)[number];
type ValueOf<F extends Fields> = (F['type'] extends 'integer' ? number : string) | (F['nullable'] extends true ? null : never);

/** A car's content as the service keeps it, after validation and defaults: one property per field. */
export type VehicleContentData = { [F in Fields as F['prop']]: ValueOf<F> };

/** A car as the service keeps it: its content and, when sent, its photo list. */
export type VehicleData = VehicleContentData & {
  /** undefined: keep the car's photos (allowed on an update). */
  photos: string[] | undefined;
};

/** The columns of a car's content, as the vehicles table names them. */
export type VehicleContentColumn = Fields['column'];

/** A content field's name, as the API and feeds write it. */
export type VehicleFieldName = Fields['name'];

/** The field names the API and feeds accept, in table order. */
export const VEHICLE_FIELD_NAMES: readonly VehicleFieldName[] = VEHICLE_FIELDS.map((f) => f.name);

/** The fields whose values are text (the rest are whole numbers or the price). */
export const TEXT_FIELD_NAMES: readonly VehicleFieldName[] = VEHICLE_FIELDS.filter((f) => f.type === 'string').map((f) => f.name);

/** A car's content as the vehicles table's columns hold it. */
export type VehicleContentColumns = { [F in Fields as F['column']]: ValueOf<F> };

/** Content columns of a car's data, for an insert or an update. */
export function contentColumns(d: VehicleContentData): VehicleContentColumns {
  const out: Record<string, unknown> = {};
  const values = d as unknown as Record<string, unknown>;
  for (const f of VEHICLE_FIELDS) out[f.column] = values[f.prop];
  return out as VehicleContentColumns;
}

/** The fields with a rule of their own in validation.ts: the panel's forms give each an input of its own too (P189). */
export type CustomFieldName = Extract<Fields, { rule: { kind: 'custom' } }>['name'];
