// The opaque `cursor` of GET /v1/vehicles (keyset pagination): base64url of the last listed
// car's (updated_at, id) and a fingerprint of the filters of the walk. A cursor is only valid
// with the filters it was made for: given with others it would silently list another set, so
// it is refused instead. Not signed: it only positions a walk inside the key's own cars.
import crypto from 'node:crypto';
import { ApiError } from '../../core/errors.js';
import { msg } from '../../core/i18n/index.js';

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
}

const VERSION = 1;
export const CURSOR_MAX_LENGTH = 200;

function fingerprint(f: CursorFilters): string {
  // vin joins only when given, so cursors made before it existed stay valid.
  const text = JSON.stringify([f.market ?? null, f.source ?? null, f.status ?? null, f.updatedSince ?? null, ...(f.vin !== undefined ? [f.vin] : [])]);
  return crypto.createHash('sha256').update(text).digest('base64url').slice(0, 12);
}

export function encodeCursor(at: ListPosition, f: CursorFilters): string {
  return Buffer.from(JSON.stringify([VERSION, at.updatedAt, at.id, fingerprint(f)])).toString('base64url');
}

const isPosition = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/** The position a cursor stands for; 400 invalid_request when it is not one of ours or not for these filters. */
export function decodeCursor(cursor: string, f: CursorFilters): ListPosition {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 4 ||
    parsed[0] !== VERSION ||
    !isPosition(parsed[1]) ||
    !isPosition(parsed[2]) ||
    typeof parsed[3] !== 'string'
  ) {
    throw new ApiError('invalid_request', msg('cursor_invalid'));
  }
  if (parsed[3] !== fingerprint(f)) {
    throw new ApiError('invalid_request', msg('cursor_other_filters'));
  }
  return { updatedAt: parsed[1], id: parsed[2] };
}
