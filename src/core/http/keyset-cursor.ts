// The opaque `cursor` of a keyset-paged list (GET /v1/vehicles, GET /v1/leads, D45): base64url of
// the last listed row's (sort key, id) and a fingerprint of the filters of the walk. A cursor is
// only valid with the filters it was made for: given with others it would silently list another
// set, so it is refused instead. Not signed: it only positions a walk inside the caller's own
// rows (every list query is scoped to the key's dealership before the position applies).
import crypto from 'node:crypto';
import { ApiError } from '../errors.js';
import type { Msg } from '../i18n/index.js';
import { msg } from '../i18n/index.js';

/** A position in a list: the sort key (a time in epoch ms) and the id of the last row read. */
export interface KeysetPosition {
  key: number;
  id: number;
}

const VERSION = 1;
export const CURSOR_MAX_LENGTH = 200;

function fingerprint(filters: readonly unknown[]): string {
  return crypto.createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 12);
}

/** The cursor that lists the rows after `at` with these filters (in a fixed order, normalized). */
export function encodeKeysetCursor(at: KeysetPosition, filters: readonly unknown[]): string {
  return Buffer.from(JSON.stringify([VERSION, at.key, at.id, fingerprint(filters)])).toString('base64url');
}

const isPosition = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/**
 * The position a cursor stands for; 400 invalid_request when it is not one of ours, or
 * `otherFilters` when it was made for other filters.
 */
export function decodeKeysetCursor(cursor: string, filters: readonly unknown[], otherFilters: Msg): KeysetPosition {
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
  if (parsed[3] !== fingerprint(filters)) throw new ApiError('invalid_request', otherFilters);
  return { key: parsed[1], id: parsed[2] };
}
