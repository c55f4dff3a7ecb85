// Shapes of the feed API: the push answer (D15) and the feed report (feeds, imports).
import { Type } from 'typebox';
import { dryRunResultProperties } from '../vehicles/dry-run-schema.js';
import { MARKET_CODES } from '../markets/markets.js';
import { SOURCES } from '../vehicles/sources.js';

/** A closed reference set (P90): an enum in the document, text in the code. */
const vocabulary = (values: readonly string[], description?: string) =>
  Type.Unsafe<string>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

const FeedRowError = Type.Object(
  {
    index: Type.Integer({
      description: 'The row as a spreadsheet shows it (CSV/XLSX: the header is row 1, the first car row 2); JSON/XML: the 1-based position of the vehicle.',
    }),
    external_id: Type.String({ description: 'The row\'s stock ID ("" when it has none).' }),
    message: Type.String({ description: 'Every broken rule of the row, separated by "; ".' }),
  },
  { $id: 'FeedRowError', title: 'FeedRowError' },
);

/** Issue 15: a row applied but worth the dealer's look (beside FeedRowError; its index is counted the same way). */
const FeedRowWarning = Type.Object(
  {
    index: Type.Integer({ description: 'The row, counted as in FeedRowError.' }),
    external_id: Type.String({ description: "The row's stock ID." }),
    code: Type.Unsafe<'duplicate_vin'>({
      type: 'string',
      enum: ['duplicate_vin'],
      description: 'duplicate_vin: another car of the dealership for sale in the same market has this VIN (allowed: dealers re-list).',
    }),
    message: Type.String({ description: 'One readable sentence naming the other car(s).' }),
  },
  { $id: 'FeedRowWarning', title: 'FeedRowWarning' },
);

const FORMAT = Type.Union([Type.Literal('csv'), Type.Literal('json'), Type.Literal('xml'), Type.Literal('xlsx')]);

const FeedPushResultSchema = Type.Object(
  {
    result: Type.Literal('processed'),
    format: FORMAT,
    rows: Type.Integer({ description: 'Car rows (records) in the file.' }),
    created: Type.Integer(),
    updated: Type.Integer({ description: 'Cars of the file that already existed (changed or not).' }),
    sold: Type.Integer({ description: "Cars of this feed's source missing from the file, marked sold." }),
    sold_skipped: Type.Optional(Type.String({ description: 'Why no car was marked sold (a row failed); present only then.' })),
    errors: Type.Array(Type.Ref('FeedRowError'), { description: 'The per-row errors, in file order: the first 1000 of them (error_count has them all).' }),
    error_count: Type.Integer({ description: 'Every per-row error of the file.' }),
    errors_truncated: Type.Boolean({ description: 'true when the file has more than 1000 per-row errors and `errors` lists only the first 1000.' }),
    warnings: Type.Array(Type.Ref('FeedRowWarning'), {
      description: 'Rows applied but worth a look (e.g. a duplicate VIN), in file order: the first 1000 (warning_count has them all).',
    }),
    warning_count: Type.Integer({ description: 'Every per-row warning of the file.' }),
    ...dryRunResultProperties,
    mapping: Type.Optional(Type.Ref('FeedMapping', { description: 'Dry run: which column of the file fed which field.' })),
  },
  { $id: 'FeedPushResult', title: 'FeedPushResult' },
);

const IMPORT_RESULT = Type.Union(
  [
    Type.Literal('processed'),
    Type.Literal('refused'),
    Type.Literal('unreadable'),
    Type.Literal('unreachable'),
    Type.Literal('running'),
    Type.Literal('interrupted'),
  ],
  {
    description:
      'processed (200 of a push); refused (409: sold guard, or a file without cars); unreadable (422); unreachable (a pull that could not fetch the URL); ' +
      'running (under way); interrupted (the service stopped before the import finished: found when it came back, with sync.failed).',
  },
);

const IMPORT_STATUS = Type.Union([Type.Literal('running'), Type.Literal('finished'), Type.Literal('interrupted')], {
  description:
    'running while the import is under way; interrupted when the service stopped before it finished (result interrupted); finished otherwise (result says how).',
});

const summaryFields = {
  id: Type.Integer(),
  trigger: Type.Union([Type.Literal('push'), Type.Literal('pull')]),
  status: IMPORT_STATUS,
  result: IMPORT_RESULT,
  format: Type.Union([FORMAT, Type.Null()]),
  rows: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  sold: Type.Integer(),
  sold_skipped: Type.Union([Type.String(), Type.Null()]),
  message: Type.Union([Type.String(), Type.Null()], { description: 'Why the import was refused, unreadable, unreachable or interrupted.' }),
  error_count: Type.Integer({ description: 'All per-row errors of the import.' }),
  warning_count: Type.Integer({ description: 'All per-row warnings of the import (rows applied but worth a look, e.g. a duplicate VIN).' }),
  started_at: Type.String({ format: 'date-time' }),
  finished_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'null while the import is running.' }),
};

const FeedImportSummarySchema = Type.Object(summaryFields, { $id: 'FeedImportSummary', title: 'FeedImportSummary' });

const FeedImportSchema = Type.Object(
  {
    ...summaryFields,
    errors: Type.Array(Type.Ref('FeedRowError'), { description: 'The first 1000 per-row errors (error_count has them all).' }),
    errors_truncated: Type.Boolean({ description: 'true when error_count is over 1000 and `errors` lists only the first 1000.' }),
    columns: Type.Array(
      Type.Object({ column: Type.String(), field: Type.Union([Type.String(), Type.Null()], { description: 'The field it fed; null: ignored.' }) }),
      { description: 'Which column (or element) of the file fed which field.' },
    ),
    warnings: Type.Array(Type.Ref('FeedRowWarning'), { description: 'The first 1000 per-row warnings (warning_count has them all).' }),
    mapping: Type.Ref('FeedMapping'),
  },
  { $id: 'FeedImport', title: 'FeedImport' },
);

const FeedSchema = Type.Object(
  {
    id: Type.Integer(),
    market: vocabulary(MARKET_CODES),
    source: vocabulary(SOURCES, 'The source whose whole inventory the feed is (default feed).'),
    url: Type.Union([Type.String(), Type.Null()], { description: 'The address read every FEED_POLL_INTERVAL, if any.' }),
    created_at: Type.String({ format: 'date-time' }),
    revoked: Type.Boolean(),
    last_polled_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'Last read of url.' }),
    last_import: Type.Union([Type.Ref('FeedImportSummary'), Type.Null()]),
  },
  { $id: 'Feed', title: 'Feed', description: 'A feed of the dealership. The push token is never shown (only its hash is kept).' },
);

const FeedListSchema = Type.Object({ data: Type.Array(Type.Ref('Feed')) }, { $id: 'FeedList', title: 'FeedList' });

const FeedImportListSchema = Type.Object(
  { data: Type.Array(Type.Ref('FeedImportSummary')), page: Type.Integer(), per_page: Type.Integer(), total: Type.Integer() },
  { $id: 'FeedImportList', title: 'FeedImportList' },
);

const FeedImportEnvelopeSchema = Type.Object({ import: Type.Ref('FeedImport') }, { $id: 'FeedImportEnvelope', title: 'FeedImportEnvelope' });

export const FeedIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const FeedImportParams = Type.Object({ id: Type.Integer({ minimum: 1 }), import_id: Type.Integer({ minimum: 1 }) });
export const ImportListQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
/** A push token as feeds create makes them: a UUID, any case (feeds/service.ts's TOKEN_PATTERN). */
export const TOKEN_SHAPE = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** The shape as the OpenAPI document states it (P187): any other token is a 404, as an unknown one (D15), so the validator does not apply it. */
const TOKEN_DOC = { 'x-max-length': 36, 'x-pattern': TOKEN_SHAPE } as const;

export const PushParams = Type.Object({
  token: Type.String({ description: "The feed's private token (a UUID), as `feeds create` printed it.", ...TOKEN_DOC }),
});
export const PushQuery = Type.Object({
  allow_mass_sold: Type.Optional(Type.Boolean({ default: false, description: 'Lets the mass-sold guard through, as in sync.' })),
  dry_run: Type.Optional(Type.Boolean({ default: false, description: 'D30: check the file and answer what the push would do; nothing is changed.' })),
});

// Issue 15: the column mapping of one file, with the feed's overrides (feeds/mapping.ts).
const FeedMappingSchema = Type.Object(
  {
    columns: Type.Array(
      Type.Object({
        column: Type.String({ description: 'The column (or element) as named in the file.' }),
        field: Type.String({ description: 'The field it fed.' }),
        override: Type.Optional(Type.Literal(true, { description: "Chosen by the feed's mapping override, not by name." })),
      }),
    ),
    ignored: Type.Array(Type.String(), { description: 'Columns of the file that fed no field.' }),
    missing: Type.Array(Type.String(), { description: 'Columns the feed has an override for that this file did not have.' }),
  },
  { $id: 'FeedMapping', title: 'FeedMapping', description: 'Which column of the file became which field, and which were ignored.' },
);

export const FEED_SCHEMAS = [
  FeedMappingSchema,
  FeedRowError,
  FeedRowWarning,
  FeedPushResultSchema,
  FeedImportSummarySchema,
  FeedImportSchema,
  FeedSchema,
  FeedListSchema,
  FeedImportListSchema,
  FeedImportEnvelopeSchema,
];
