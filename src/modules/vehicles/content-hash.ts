// The content hash of a car as the service keeps it: what tells an unchanged car from a changed
// one (sync, feeds, PUT), compared with the stored `content_hash`.
import crypto from 'node:crypto';
import { VEHICLE_FIELDS, type VehicleData, type VehicleField } from './fields.js';

// A sync hashes every car it is sent: the one-shot crypto.hash (Node >= 20.12) costs about half of
// createHash's object, update and digest for input this short.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- absent before Node 20.12 (engines: >= 20)
const sha1: (text: string) => string = crypto.hash
  ? (text) => crypto.hash('sha1', text, 'base64url')
  : (text) => crypto.createHash('sha1').update(text).digest('base64url');

const fields = VEHICLE_FIELDS as readonly VehicleField[];
const BASE = fields.filter((f) => f.hash === 'base').map((f) => f.prop);
const DETAILS = fields.filter((f) => f.hash === 'details').map((f) => f.prop);
const LATER = fields.filter((f) => f.hash === 'later');

/**
 * The fields in their fixed places (fields.ts: never moved, or stored hashes would change): the
 * base fields, the photos and the source; P27's details only when any is given, so the hash of
 * a car without them (every car stored before them) is unchanged; each later field as [name,
 * value] only when given.
 */
export function contentHash(d: VehicleData, photos: string[], source: string): string {
  const values = d as unknown as Record<string, unknown>;
  const parts: unknown[] = BASE.map((p) => values[p]);
  parts.push(photos, source);
  const details = DETAILS.map((p) => values[p]);
  if (details.some((v) => v !== null)) parts.push(details);
  for (const f of LATER) if (values[f.prop] !== null) parts.push([f.name, values[f.prop]]);
  return sha1(JSON.stringify(parts));
}
