// The content hash of a car as the service keeps it: what tells an unchanged car from a changed
// one (sync, feeds, PUT), compared with the stored `content_hash`.
import crypto from 'node:crypto';
import type { VehicleData } from './validation.js';

// A sync hashes every car it is sent: the one-shot crypto.hash (Node >= 20.12) costs about half of
// createHash's object, update and digest for input this short.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- absent before Node 20.12 (engines: >= 20)
const sha1: (text: string) => string = crypto.hash
  ? (text) => crypto.hash('sha1', text, 'base64url')
  : (text) => crypto.createHash('sha1').update(text).digest('base64url');

export function contentHash(d: VehicleData, photos: string[], source: string): string {
  const parts: unknown[] = [
    d.brand,
    d.model,
    d.year,
    d.version,
    d.priceCents,
    d.currency,
    d.mileage,
    d.fuel,
    d.transmission,
    d.color,
    d.condition,
    d.city,
    d.description,
    photos,
    source,
  ];
  // Issue 15's fields join the hash only when given, so the hash of a car without them (every
  // car stored before them) is unchanged: sending it again still leaves it untouched.
  const details = [d.vin, d.bodyStyle, d.drivetrain, d.doors, d.engine, d.interiorColor];
  if (details.some((v) => v !== null)) parts.push(details);
  return sha1(JSON.stringify(parts));
}
