// Row types of every table, as Kysely sees them. Times are epoch milliseconds in both stores.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface DealersTable {
  id: Generated<number>;
  slug: string;
  name: string;
  city: string | null;
  /** JSON array of market codes, e.g. ["ar","uy"]. */
  markets: string;
  created_at: number;
}

export interface ApiKeysTable {
  id: Generated<number>;
  dealer_id: number;
  name: string;
  /** First 12 characters of the key (D24): shown, never secret. */
  prefix: string;
  /** Hex SHA-256 of the whole key; the key itself is never stored. */
  key_hash: string;
  created_at: number;
  revoked_at: number | null;
}

export interface FeedsTable {
  id: Generated<number>;
  dealer_id: number;
  /** Hex SHA-256 of the push token: a leaked database reveals no pushable address. */
  token_hash: string;
  market: string;
  source: string;
  url: string | null;
  created_at: number;
  revoked_at: number | null;
}

export type JobStatus = 'pending' | 'running' | 'failed';

export interface JobsTable {
  id: Generated<number>;
  task: string;
  /** JSON. */
  payload: string;
  status: JobStatus;
  /** Unique when set: at most one live job per key (recurring and deduplicated work). */
  job_key: string | null;
  run_at: number;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface DB {
  dealers: DealersTable;
  api_keys: ApiKeysTable;
  feeds: FeedsTable;
  jobs: JobsTable;
}

export type DealerRow = Selectable<DealersTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type FeedRow = Selectable<FeedsTable>;
export type JobRow = Selectable<JobsTable>;
export type NewJob = Insertable<JobsTable>;
export type JobUpdate = Updateable<JobsTable>;
