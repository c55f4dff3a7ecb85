// Column mapping overrides per feed (P29): an owner (panel) or the operator (CLI
// `feeds map`) says which column is which field when the automatic choice (parse/columns.ts)
// is wrong. Stored on the feed (column_map), passed to the parser with every push, pull and
// dry run, and shown in every report as `mapping`.
import type { Store } from '../../core/db/store.js';
import type { FeedRow } from '../../core/db/schema.js';
import { ApiError } from '../../core/errors.js';
import { msg, type Msg } from '../../core/i18n/index.js';
import { getDealerBySlug } from '../dealers/service.js';
import {
  isOverrideTarget,
  missingOverrides,
  OVERRIDE_COLUMN_MAX,
  OVERRIDE_TARGETS,
  overrideKey,
  type ColumnMap,
  type OverrideTarget,
} from './parse/overrides.js';
import type { ColumnMatch } from './parse/index.js';
import { findDealerFeed, setFeedColumnMap } from './repository.js';

export type MappingProblem = 'unknown_field' | 'column_empty' | 'column_too_long' | 'not_overridden' | 'feed_not_found';

/** A refused override (400 invalid_request; the panel words `problem` in the user's language). */
export class MappingInputError extends ApiError {
  constructor(
    readonly problem: MappingProblem,
    message: Msg,
  ) {
    super(problem === 'feed_not_found' ? 'not_found' : 'invalid_request', message);
  }
}

/** A feed's overrides; a stored value that is not a map reads as none (never a failed import). */
export function columnMapOf(feed: Pick<FeedRow, 'column_map'>): ColumnMap {
  try {
    const v = JSON.parse(feed.column_map) as unknown;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return {};
    const out: ColumnMap = {};
    for (const [k, t] of Object.entries(v as Record<string, unknown>)) if (typeof t === 'string' && isOverrideTarget(t)) out[k] = t;
    return out;
  } catch {
    return {};
  }
}

/** What a report shows of a file's mapping (D30, P29). */
export interface MappingReport {
  columns: { column: string; field: string; override?: true }[];
  ignored: string[];
  /** Overridden columns the file did not have. */
  missing: string[];
}

/** How a file's columns are stored in its report: the parser's matches, then the overridden columns it lacked. */
export type StoredColumn = ColumnMatch & { missing?: true };

export function storedColumns(columns: readonly ColumnMatch[], map: ColumnMap): StoredColumn[] {
  const missing = missingOverrides(
    map,
    columns.map((c) => c.column),
  );
  return [...columns, ...missing.map((column) => ({ column, field: map[column] === 'ignore' ? null : map[column]!, missing: true as const }))];
}

export function mappingReport(stored: readonly StoredColumn[]): MappingReport {
  const out: MappingReport = { columns: [], ignored: [], missing: [] };
  for (const c of stored) {
    if (c.missing) out.missing.push(c.column);
    else if (c.field === null) out.ignored.push(c.column);
    else out.columns.push({ column: c.column, field: c.field, ...(c.override ? { override: true as const } : {}) });
  }
  return out;
}

/** The file's columns without the missing overrides (the report's `columns`, as before overrides, P29). */
export const fileColumns = (stored: readonly StoredColumn[]): ColumnMatch[] => stored.filter((c) => !c.missing).map(({ missing: _, ...c }) => c);

function checkColumn(raw: string): string {
  const column = raw.trim();
  if (column === '') throw new MappingInputError('column_empty', msg('mapping_column_empty'));
  if (column.length > OVERRIDE_COLUMN_MAX) throw new MappingInputError('column_too_long', msg('mapping_column_too_long', { max: OVERRIDE_COLUMN_MAX }));
  return column;
}

function checkTarget(raw: string): OverrideTarget {
  const field = raw.trim().toLowerCase();
  if (!isOverrideTarget(field))
    throw new MappingInputError('unknown_field', msg('mapping_field_unknown', { name: raw.slice(0, 60), fields: OVERRIDE_TARGETS.join(', ') }));
  return field;
}

async function liveFeed(store: Store, dealerId: number, feedId: number): Promise<FeedRow> {
  const feed = await findDealerFeed(store.db, dealerId, feedId);
  if (!feed || feed.revoked_at !== null) throw new MappingInputError('feed_not_found', msg('feed_not_live', { id: feedId }));
  return feed;
}

/** Without the override of the same column (compared as columns are: case, accents, spaces…). */
function without(map: ColumnMap, column: string): ColumnMap {
  const key = overrideKey(column);
  return Object.fromEntries(Object.entries(map).filter(([c]) => overrideKey(c) !== key));
}

/** Sets one override of a live feed of the dealership (replacing that column's earlier one). */
export async function setColumnOverride(store: Store, dealerId: number, feedId: number, rawColumn: string, rawField: string): Promise<ColumnMap> {
  const column = checkColumn(rawColumn);
  const field = checkTarget(rawField);
  const feed = await liveFeed(store, dealerId, feedId);
  const map = { ...without(columnMapOf(feed), column), [column]: field };
  await setFeedColumnMap(store.db, feed.id, map);
  return map;
}

/** Removes one override; refused when the column has none. */
export async function removeColumnOverride(store: Store, dealerId: number, feedId: number, rawColumn: string): Promise<ColumnMap> {
  const column = checkColumn(rawColumn);
  const feed = await liveFeed(store, dealerId, feedId);
  const before = columnMapOf(feed);
  const map = without(before, column);
  if (Object.keys(map).length === Object.keys(before).length) throw new MappingInputError('not_overridden', msg('mapping_not_overridden', { column }));
  await setFeedColumnMap(store.db, feed.id, map);
  return map;
}

/** The CLI's `feeds map` (by dealership slug and feed id). */
export async function mapFeedColumn(
  store: Store,
  input: { dealer: string; id?: string; column?: string; field?: string; remove?: boolean },
): Promise<{ id: number; column_map: ColumnMap }> {
  const dealer = await getDealerBySlug(store.db, input.dealer);
  if (input.id === undefined || !/^\d{1,15}$/.test(input.id)) throw new MappingInputError('feed_not_found', msg('mapping_id_invalid'));
  if (input.column === undefined) throw new MappingInputError('column_empty', msg('mapping_column_required'));
  if (input.remove === true && input.field !== undefined) throw new ApiError('invalid_request', msg('mapping_field_and_remove'));
  if (input.remove !== true && input.field === undefined) throw new ApiError('invalid_request', msg('mapping_field_required'));
  const id = Number(input.id);
  const map =
    input.remove === true
      ? await removeColumnOverride(store, dealer.id, id, input.column)
      : await setColumnOverride(store, dealer.id, id, input.column, input.field!);
  return { id, column_map: map };
}
