/**
 * The items in consecutive slices of at most `size` (default 500): multi-row statements stay
 * under the stores' bound-parameter limits (SQLite 32766, PostgreSQL 65535) at ≤ 65 columns.
 */
export function* chunks<T>(items: readonly T[], size = 500): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
