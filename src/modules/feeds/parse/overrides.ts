// Column mapping overrides (P29): per feed, "this column is that field" (or "ignore it"),
// for when the automatic choice (columns.ts) is wrong. They reach the FieldMapper through an
// AsyncLocalStorage around one file's parse, so no format's parser has to carry them.
import { AsyncLocalStorage } from 'node:async_hooks';
import { FIELDS, type Field } from './columns.js';

/** What an override says of a column: a field it feeds, or `ignore`. */
export type OverrideTarget = Field | 'ignore';
/** A feed's overrides as stored (feeds.column_map): column name as in the file → target. */
export type ColumnMap = Record<string, OverrideTarget>;

export const OVERRIDE_TARGETS: readonly OverrideTarget[] = [...FIELDS, 'ignore'];
export const OVERRIDE_COLUMN_MAX = 200;

/** Column names compared as D16 compares them: no case, accents, spaces, `-` or `_`. */
export function overrideKey(column: string): string {
  return column
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

export const isOverrideTarget = (v: string): v is OverrideTarget => (OVERRIDE_TARGETS as readonly string[]).includes(v);

const current = new AsyncLocalStorage<Map<string, OverrideTarget>>();

/** Runs one file's parse with the feed's overrides in force. */
export function withOverrides<T>(map: ColumnMap | undefined, run: () => Promise<T>): Promise<T> {
  const byKey = new Map<string, OverrideTarget>();
  for (const [column, target] of Object.entries(map ?? {})) if (isOverrideTarget(target)) byKey.set(overrideKey(column), target);
  return current.run(byKey, run);
}

/** The override in force for a column, if any. */
export function overrideFor(column: string): OverrideTarget | undefined {
  const m = current.getStore();
  return m && m.size > 0 ? m.get(overrideKey(column)) : undefined;
}

/** The overridden columns a file does not have (reported as `missing`). */
export function missingOverrides(map: ColumnMap | undefined, fileColumns: readonly string[]): string[] {
  const present = new Set(fileColumns.map(overrideKey));
  return Object.keys(map ?? {}).filter((c) => !present.has(overrideKey(c)));
}
