// Readiness (P39): whether this process can do its work now, asked by load balancers and
// orchestrators on GET /ready. Each dependency (the store, and Redis or photo storage when
// configured) registers a check; all run at once, each bounded by its own timeout.
import { sql } from 'kysely';
import type { Store } from './db/store.js';

export interface ReadinessCheck {
  /** Named in /ready's answer: `store`, `redis`, `storage`… never a URL or a secret. */
  name: string;
  /** Resolves when the dependency answers; throws (or takes longer than the timeout) when not. */
  check(): Promise<void>;
  /** Default READINESS_TIMEOUT_MS. */
  timeoutMs?: number;
}

export type CheckResult = 'ok' | 'unreachable' | 'timeout';

/** Long enough for a loaded store, short enough for a load balancer's own probe timeout. */
const READINESS_TIMEOUT_MS = 2_000;

export interface Readiness {
  ready: boolean;
  checks: Record<string, CheckResult>;
}

/** Runs every check in parallel; ready when all answered in time. */
export async function checkReadiness(checks: readonly ReadinessCheck[]): Promise<Readiness> {
  const results = await Promise.all(checks.map(runCheck));
  const out: Record<string, CheckResult> = {};
  checks.forEach((c, i) => (out[c.name] = results[i]!));
  return { ready: results.every((r) => r === 'ok'), checks: out };
}

async function runCheck(c: ReadinessCheck): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    // Not unref'd: an answer is owed; the timer is cleared as soon as the check settles.
    timer = setTimeout(() => resolve('timeout'), c.timeoutMs ?? READINESS_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      Promise.resolve()
        .then(() => c.check())
        .then(
          () => 'ok' as const,
          () => 'unreachable' as const,
        ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The store answers a trivial query. */
export function storeReadiness(store: Store): ReadinessCheck {
  return {
    name: 'store',
    async check() {
      await sql`select 1`.execute(store.db);
    },
  };
}
