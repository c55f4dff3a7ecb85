// The `cursor` of GET /v1/vehicles: a keyset cursor (core/http/keyset-cursor.ts) on the last
// listed car's (updated_at, id), bound to the list's filters.
import { decodeKeysetCursor, encodeKeysetCursor } from '../../core/http/keyset-cursor.js';
import { msg } from '../../core/i18n/index.js';

export { CURSOR_MAX_LENGTH } from '../../core/http/keyset-cursor.js';

/** A position in the list: the (updated_at, id) of the last car read. */
export interface ListPosition {
  updatedAt: number;
  id: number;
}

/** The filters a cursor is bound to, normalized (a market code, updated_since in epoch ms). */
export interface CursorFilters {
  market?: string;
  source?: string;
  status?: string;
  updatedSince?: number;
  vin?: string;
  /** The panel's order by listing quality (D43, P223): the cursor's key is then the score. */
  sort?: 'quality';
}

// vin joins only when given, so cursors made before it existed stay valid.
const bound = (f: CursorFilters): unknown[] => [
  f.market ?? null,
  f.source ?? null,
  f.status ?? null,
  f.updatedSince ?? null,
  ...(f.vin !== undefined ? [f.vin] : []),
  ...(f.sort !== undefined ? [`sort:${f.sort}`] : []),
];

export const encodeCursor = (at: ListPosition, f: CursorFilters): string => encodeKeysetCursor({ key: at.updatedAt, id: at.id }, bound(f));

/** The position a cursor stands for; 400 invalid_request when it is not one of ours or not for these filters. */
export function decodeCursor(cursor: string, f: CursorFilters): ListPosition {
  const at = decodeKeysetCursor(cursor, bound(f), msg('cursor_other_filters'));
  return { updatedAt: at.key, id: at.id };
}
