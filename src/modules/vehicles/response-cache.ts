// The serialized answers of GET /vehicles/{external_id}: the one cache of them (P44, P53, P59),
// one entry per (dealership, market, stock ID, language). The key names the dealership (D7): one
// dealership is never answered another's car.
//
// An entry is known to be still valid in two ways, cheapest first:
// - the store's read version (core/db/read-version.ts) is the one the entry was last confirmed
//   at: no row of the store changed since, in any process, so the answer is given without a read
//   (SQLite outside a transaction; on PostgreSQL there is no such version);
// - otherwise the car's (id, revision), looked up now, is the entry's: every write that changes
//   what the API shows of a car bumps its revision, in whichever process (vehicles/repository.ts).
//   The entry is then confirmed at the version read before that lookup.
// The version is read before the lookup and the read it stamps, so a change made after it moves
// the version and the entry is looked at again: an entry's answer is never older than its version.
// Each entry keeps its ETag (P93), the hash of its bytes, made once with the body (P237): a
// cached answer is sent without hashing it again.
import { createHash } from 'node:crypto';
import { readVersion, type ReadVersion } from '../../core/db/read-version.js';
import type { Store } from '../../core/db/store.js';
import { BoundedMap } from '../../core/util/bounded-map.js';
import type { VehicleRevision } from './repository.js';

/** A serialized answer and its ETag. */
export interface VehicleBody {
  readonly body: string;
  /** `"<sha1 of body, base64url>"`: the strong ETag of these bytes. */
  readonly etag: string;
}

/** The ETag of an answer's bytes (P93). */
function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

interface Entry {
  id: number;
  revision: number;
  answer: VehicleBody;
  /** The store's read version the entry was last known valid at; undefined: none. */
  version: string | undefined;
}

export class VehicleResponseCache {
  private readonly entries: BoundedMap<string, Entry>;
  private readonly storeVersion: ReadVersion;

  constructor(store: Store, max = 5000) {
    this.entries = new BoundedMap(max);
    this.storeVersion = readVersion(store);
  }

  /** The store's read version now: taken before the lookup it stamps. */
  version(): string | undefined {
    return this.storeVersion();
  }

  /** `lang`: the answer's words (review_reasons, D31) are the reader's. */
  key(dealerId: number, market: string, externalId: string, lang: string): string {
    return `${dealerId}\n${market}\n${externalId}\n${lang}`;
  }

  /** The answer, while no row of the store changed since it was last confirmed. */
  unchanged(key: string, version: string | undefined): VehicleBody | undefined {
    if (version === undefined) return undefined;
    const e = this.entries.get(key);
    return e !== undefined && e.version === version ? e.answer : undefined;
  }

  /** The answer when `ref` (looked up after `version` was read) is the car it was made from; it is then confirmed at `version`. */
  sameCar(key: string, ref: VehicleRevision, version: string | undefined): VehicleBody | undefined {
    const e = this.entries.get(key);
    if (e === undefined || e.id !== ref.id || e.revision !== ref.revision) return undefined;
    e.version = version;
    return e.answer;
  }

  /** Keeps the answer made from `car` (read after `version` was read). */
  set(key: string, car: VehicleRevision, version: string | undefined, body: string): VehicleBody {
    const answer = { body, etag: etagOf(body) };
    this.entries.set(key, { id: car.id, revision: car.revision, answer, version });
    return answer;
  }
}
