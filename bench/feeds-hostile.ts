// Hostile and maximal feed files (P15, P16) pushed to a server of their own (SQLite, API only),
// beside the 30 000-car CSV in the same run: the 9.9 MB JSON of 3.3 million `{}` that used to
// abort the server, the 800 KB CSV of 99 999 invalid rows and the 300 KB JSON of 99 999 `{}`
// (refused by the row limit), CSVs at the row limit (50 000 valid cars: the largest import
// there can be; 50 000 rows, every one invalid: the bounded answer, report and events), and a
// 10 MB XML of 1.4 million empty vehicles. For each:
// the answer (status, bytes, time), the server's peak resident memory while it was handled
// (VmRSS sampled every 5 ms) and the same with its parser processes added, and the slowest
// GET /health meanwhile. The target (≤ 400 MB) is the server's peak over the whole run (VmHWM).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { car, csvFile, newFeed, peakRssMb } from './feeds.js';
import { BenchError, startOwnServer, stopChild, type Benchmark, type Figure } from './lib.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CARS = Number(process.env.BENCH_FEED_CARS ?? 30_000);
const ROW_LIMIT = 50_000;

const rssKb = (pid: number): number => {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0; // it ended meanwhile
  }
};

/** The process's children (the parsers), from /proc (Linux only). */
function childPids(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

interface Case {
  key: string;
  label: string;
  body: () => Buffer;
  type: string;
  status: number;
}

const CASES: Case[] = [
  {
    key: 'csv30k',
    label: `${CARS}-car CSV (valid, new dealership)`,
    body: () => csvFile(Array.from({ length: CARS }, (_, i) => car(i))),
    type: 'text/csv',
    status: 200,
  },
  {
    key: 'json_empty_objects_10mb',
    label: '9.9 MB JSON of 3.3 million {}',
    body: () => Buffer.from(`[${Array(3_300_000).fill('{}').join(',')}]`),
    type: 'application/json',
    status: 422,
  },
  {
    key: 'csv_99999_invalid',
    label: '800 KB CSV of 99 999 invalid rows',
    body: () => Buffer.from('external_id,brand,model,year,price\n' + 'x!,,,9,\n'.repeat(99_999)),
    type: 'text/csv',
    status: 422,
  },
  {
    key: 'json_99999_empty',
    label: '300 KB JSON of 99 999 {}',
    body: () => Buffer.from(`[${Array(99_999).fill('{}').join(',')}]`),
    type: 'application/json',
    status: 422,
  },
  {
    key: 'csv_row_limit_valid',
    label: `CSV at the row limit: ${ROW_LIMIT} valid compact cars`,
    body: () =>
      Buffer.from(
        'external_id,brand,model,year,price,mileage,photos\n' +
          Array.from(
            { length: ROW_LIMIT },
            (_, i) =>
              `L${i},Ford,Ranger,2019,${5_000_000 + i},${i * 3},https://i.bench.invalid/${i}/1.jpg|https://i.bench.invalid/${i}/2.jpg|https://i.bench.invalid/${i}/3.jpg\n`,
          ).join(''),
      ),
    type: 'text/csv',
    status: 200,
  },
  {
    key: 'csv_row_limit_invalid',
    label: `CSV at the row limit: ${ROW_LIMIT} rows, every one invalid`,
    body: () => Buffer.from('external_id,brand,model,year,price\n' + Array.from({ length: ROW_LIMIT }, (_, i) => `R${i},Ford,Ranger,1800,${i}\n`).join('')),
    type: 'text/csv',
    status: 200,
  },
  {
    key: 'xml_empty_vehicles_10mb',
    label: '10 MB XML of 1.4 million empty vehicles',
    body: () => Buffer.from(`<inventory>${'<car/>'.repeat(1_400_000)}</inventory>`),
    type: 'application/xml',
    status: 422,
  },
];

export const FEED_HOSTILE_BENCHMARKS: Benchmark[] = [
  {
    name: 'feeds_hostile',
    description: `hostile and maximal feed files beside the ${CARS}-car CSV: answer, server peak RSS (and with its parsers), slowest /health; target: server peak ≤ 400 MB`,
    async run(ctx) {
      const s = await startOwnServer(ctx, ROOT, 'feeds-hostile-server', { JOB_CONCURRENCY: '0', FEED_PUSH_PER_MINUTE: '1000' });
      const figures: Figure[] = [];
      try {
        let n = 0;
        for (const c of CASES) {
          const body = c.body();
          const url = await newFeed(s, `hostile-${++n}`);
          let serverPeak = 0;
          let totalPeak = 0;
          const sample = () => {
            const server = rssKb(s.child.pid);
            serverPeak = Math.max(serverPeak, server);
            totalPeak = Math.max(totalPeak, server + childPids(s.child.pid).reduce((sum, pid) => sum + rssKb(pid), 0));
          };
          const sampler = setInterval(sample, 5);
          let done = false;
          let slowestHealth = 0;
          // A named function rather than an IIFE: TypeScript reads an IIFE's body inline, where `done` would still be false.
          const pollHealth = async () => {
            while (!done) {
              const t0 = performance.now();
              const h = await fetch(`${s.baseUrl}/health`);
              await h.arrayBuffer();
              if (h.status !== 200) throw new BenchError(`/health answered ${h.status} during ${c.label}`);
              slowestHealth = Math.max(slowestHealth, performance.now() - t0);
              await new Promise((r) => setTimeout(r, 20));
            }
          };
          const healthLoop = pollHealth();
          const t0 = performance.now();
          const res = await fetch(url, { method: 'POST', headers: { 'content-type': c.type }, body }).finally(() => (done = true));
          const text = await res.text();
          const ms = performance.now() - t0;
          clearInterval(sampler);
          sample();
          await healthLoop;
          if (res.status !== c.status) throw new BenchError(`${c.label}: answered ${res.status} (expected ${c.status}): ${text.slice(0, 300)}`);
          const health = await fetch(`${s.baseUrl}/health`);
          if (health.status !== 200) throw new BenchError(`/health answered ${health.status} after ${c.label}`);
          const mb = (kb: number) => kb / 1024;
          figures.push(
            {
              key: `feeds_hostile_${c.key}_ms`,
              label: `${c.label} (${(body.length / 1024 / 1024).toFixed(1)} MB): ${res.status}, in`,
              value: ms,
              unit: 'ms',
              decimals: 0,
            },
            { key: `feeds_hostile_${c.key}_answer_kb`, label: '… its answer', value: Buffer.byteLength(text) / 1024, unit: 'KB', decimals: 1 },
            {
              key: `feeds_hostile_${c.key}_rss_mb`,
              label: '… server peak RSS while handled',
              value: mb(serverPeak),
              unit: 'MB',
              decimals: 0,
              target: { op: '<=', value: 400 },
            },
            { key: `feeds_hostile_${c.key}_rss_with_parsers_mb`, label: '… with its parser processes', value: mb(totalPeak), unit: 'MB', decimals: 0 },
            { key: `feeds_hostile_${c.key}_health_ms`, label: '… slowest GET /health meanwhile', value: slowestHealth, unit: 'ms', decimals: 0 },
          );
        }
        figures.push({
          key: 'feeds_hostile_peak_rss_mb',
          label: 'server peak RSS over the whole run (VmHWM)',
          value: peakRssMb(s.child.pid),
          unit: 'MB',
          decimals: 0,
          target: { op: '<=', value: 400 },
        });
        return figures;
      } finally {
        await stopChild(s.child);
      }
    },
  },
];
