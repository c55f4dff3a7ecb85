#!/usr/bin/env node
// The region's sizing table (issue 42, P250), computed from a saved marketplace replay
// (`BENCH_MARKET_SAVE=bench/marketplace-run.json npm run bench -- marketplace`), never typed by
// hand. Writes the table between the sizing markers of docs/deploy.md, or prints it (--print).
//
// Method: the highest step of the ramp that every class passed (p99 within its limit, no errors) gives
// each component's CPU at that fraction of the region; CPU grows linearly with the traffic (the
// replay's classes keep their proportions), so the region needs CPU ÷ fraction, and a tenth or a
// hundredth of it that share. Cores are sized to run at 60 % (headroom for a peak and a failed
// process); at least 2 API processes and 2 PostgreSQL cores, 1 worker. PostgreSQL's memory keeps
// the whole database in its cache: the database's bytes per car, measured, × the cars, × 1.5.
// S3: the region's photos a day × the objects and bytes a 1600×1200 photo left in the bucket.
//
//   node scripts/sizing-table.mjs [run.json] [--print]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--')) ?? path.join(ROOT, 'bench/marketplace-run.json');
const run = JSON.parse(fs.readFileSync(file, 'utf8'));
const HEADROOM = 0.6;
const PHOTOS_PER_DAY = 3_000_000;

const passed = run.steps.filter((s) => !s.over);
const basis = passed.at(-1) ?? run.steps[0];
if (!basis) throw new Error(`${file}: no step`);
const perRegion = (pct) => pct / basis.fraction / 100; // cores at the whole region's peak

const scales = [
  ['the region', 1],
  ['a tenth', 0.1],
  ['a hundredth', 0.01],
];
const fmt = (n, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const gb = (bytes) => Math.max(1, Math.ceil(bytes / 1e9));

const rows = scales.map(([name, s]) => {
  const cores = (k) => (perRegion(basis.cpu[k]) * s) / HEADROOM;
  const cars = run.region.cars * s;
  return [
    `${name} (${fmt(run.region.dealers * s)} dealerships, ${fmt(cars)} cars, ${fmt(run.region.perSecond.car_page * s)} page views/s)`,
    fmt(Math.max(2, Math.ceil(cores('api')))),
    fmt(Math.max(1, Math.ceil(cores('worker')))),
    `${fmt(Math.max(2, Math.ceil(cores('postgres'))))} cores, ${gb(run.storage.db_bytes_per_car * cars * 1.5)} GB`,
    `${fmt(cores('redis'), 2)} cores`,
    `${fmt((PHOTOS_PER_DAY * s * run.storage.s3_objects_per_photo) / 1e6, 1)} M PUTs, ${fmt((PHOTOS_PER_DAY * s * run.storage.s3_bytes_per_photo) / 1e9, 0)} GB`,
  ];
});

const table = [
  `Computed by \`node scripts/sizing-table.mjs\` from the replay of ${run.at.slice(0, 10)} (${run.cpus} CPUs, ${run.apis} API processes, ${fmt(run.cars)} cars): the basis is the step at 1/${Math.round(1 / basis.fraction)} of the region, where every class kept its p99 within its limit (${
    passed.length ? 'the highest such step' : 'no step passed: the first step is used, so the table is a lower bound'
  }). CPU there: API processes ${fmt(basis.cpu.api)} %, worker ${fmt(basis.cpu.worker)} %, PostgreSQL ${fmt(basis.cpu.postgres)} %, Redis ${fmt(basis.cpu.redis)} % of one core. Saturated: ${run.saturated}.`,
  '',
  '| scale | API processes (1 core each) | workers (1 core + image process) | PostgreSQL | Redis | S3 a day |',
  '|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.join(' | ')} |`),
].join('\n');

if (args.includes('--print')) {
  console.log(table);
} else {
  const docs = path.join(ROOT, 'docs/deploy.md');
  const text = fs.readFileSync(docs, 'utf8');
  const start = '<!-- sizing:start -->';
  const end = '<!-- sizing:end -->';
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`docs/deploy.md has no ${start} … ${end} markers`);
  fs.writeFileSync(docs, `${text.slice(0, a + start.length)}\n${table}\n${text.slice(b)}`);
  console.log(`docs/deploy.md: sizing table written from ${path.relative(ROOT, file)}`);
}
