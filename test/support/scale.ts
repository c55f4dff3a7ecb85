// Several real processes on one store (test/scale/): the store, a data directory, a webhook
// receiver whose certificate the processes trust, the environment they share, and a dealership.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemClock } from '../../src/core/clock.js';
import { openTestStore, type TestStore } from './app.js';
import { seedDealer } from './dealers.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';

export interface ScaleFixture {
  ts: TestStore;
  rx: Receiver;
  dataDir: string;
  /** What every process of the test gets, then `extra`. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** A dealership with a key: the headers of its JSON requests. */
  dealer(): Promise<Record<string, string>>;
  dispose(): Promise<void>;
}

export async function scaleFixture(): Promise<ScaleFixture> {
  const rx = await startReceiver();
  const ts = await openTestStore();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-scale-'));
  fs.writeFileSync(path.join(dataDir, 'receiver.pem'), rx.cert);
  return {
    ts,
    rx,
    dataDir,
    env: (extra = {}) => ({
      DATABASE_URL: ts.url,
      DATA_DIR: dataDir,
      OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
      NODE_EXTRA_CA_CERTS: path.join(dataDir, 'receiver.pem'),
      ...extra,
    }),
    async dealer() {
      const { key } = await seedDealer({ store: ts.store, clock: systemClock });
      return { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    },
    async dispose() {
      await rx.close();
      await ts.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
