// Imports whose process died (SIGKILL, a crash, power loss) stay `running` in feed_imports with
// a heartbeat that no longer moves. They are reported `interrupted`, with sync.failed (reason
// import_interrupted), in one transaction each: at start, and then every SWEEP_MS, so that a
// crashed server's imports are reported by the next start or by another server on the same
// PostgreSQL store. A store no other server shares (SQLite, `store.shared`) is one server
// process's: at its start every running import is one of a process that died. On a shared one
// other servers may be importing: only imports whose heartbeat is older than
// IMPORT_LIVENESS.staleMs are theirs to report.
import type { Clock } from '../../core/clock.js';
import type { Store } from '../../core/db/store.js';
import { msg } from '../../core/i18n/index.js';
import type { Metrics } from '../../core/metrics/metrics.js';
import { IMPORT_LIVENESS, recordInterruptedImport } from './import-report.js';
import { findFeedScope, staleRunningImports } from './repository.js';

const SWEEP_MS = 10_000;
const WHY = msg('interrupted_stopped');

interface SweepDeps {
  store: Store;
  clock: Clock;
  metrics: Metrics;
}

/** Reports the abandoned imports (every running one when `all`); returns how many. */
async function sweepInterruptedImports(deps: SweepDeps, all: boolean): Promise<number> {
  const rows = await staleRunningImports(deps.store.db, all ? Infinity : deps.clock.now() - IMPORT_LIVENESS.staleMs);
  let n = 0;
  for (const r of rows) {
    const feed = await findFeedScope(deps.store.db, r.feed_id);
    if (feed && (await recordInterruptedImport(deps, r, feed, WHY))) n++;
  }
  return n;
}

/** The sweep at start (awaited: the reports exist before the service answers), then periodically. */
export async function startImportSweeper(deps: SweepDeps, log: { warn(o: object, msg: string): void }): Promise<{ stop(): void }> {
  const found = await sweepInterruptedImports(deps, !deps.store.shared);
  if (found > 0) log.warn({ imports: found }, 'feed imports interrupted by a previous stop reported');
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepInterruptedImports(deps, false)
      .then((n) => {
        if (n > 0) log.warn({ imports: n }, 'abandoned feed imports reported as interrupted');
      })
      .catch(() => {})
      .finally(() => (running = false));
  }, SWEEP_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
