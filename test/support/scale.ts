// Several real processes on one store (test/scale/): the store, a data directory, a webhook
// receiver whose certificate the processes trust, the environment they share, a dealership, and
// the processes started on it (killed with the rest by dispose).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemClock } from '../../src/core/clock.js';
import { openTestStore, type TestStore } from './app.js';
import { seedDealer } from './dealers.js';
import { startServerProcess, type ServerProcess, type StartOptions } from './server-process.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';

export interface ScaleFixture {
  ts: TestStore;
  rx: Receiver;
  dataDir: string;
  /** What every process of the test gets, then `extra`. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** A dealership with a key: the headers of its JSON requests. */
  dealer(): Promise<Record<string, string>>;
  /** Starts a process with `env(opts.env)`; dispose kills it if it is still running. */
  start(opts?: Partial<StartOptions>): Promise<ServerProcess>;
  /** The processes `start` started, in order. */
  procs: readonly ServerProcess[];
  /** Kills the processes (SIGKILL), then closes the receiver and removes the store and directory. */
  dispose(): Promise<void>;
}

export async function scaleFixture(): Promise<ScaleFixture> {
  const rx = await startReceiver();
  const ts = await openTestStore();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-scale-'));
  fs.writeFileSync(path.join(dataDir, 'receiver.pem'), rx.cert);
  const env = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: ts.url,
    DATA_DIR: dataDir,
    OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
    NODE_EXTRA_CA_CERTS: path.join(dataDir, 'receiver.pem'),
    ...extra,
  });
  const procs: ServerProcess[] = [];
  return {
    ts,
    rx,
    dataDir,
    env,
    procs,
    async dealer() {
      const { key } = await seedDealer({ store: ts.store, clock: systemClock });
      return { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    },
    async start(opts = {}) {
      const p = await startServerProcess({ ...opts, env: env(opts.env) });
      procs.push(p);
      return p;
    },
    async dispose() {
      await Promise.all(procs.map((p) => p.kill('SIGKILL')));
      await rx.close();
      await ts.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
