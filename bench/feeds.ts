// Feed imports on the real server (SQLite, API only: JOB_CONCURRENCY=0, so the made-up photo
// URLs are not downloaded): a generated ~10 MB CSV of ~30 000 cars pushed for a new dealership,
// then pushed again unchanged, end to end as the client sees it; the server's peak resident
// memory (VmHWM); the same stock as XLSX (multipart, written with exceljs) and as XML, each for
// a new dealership; the same stock as the platforms write it (P27): Google vehicle ads XML
// (RSS 2.0, g: namespace) and Meta's automotive catalog TSV, each as many cars as fit in the
// 10 MB cap. Baseline: csv-parse alone on the same file, in this process, same run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { BenchError, MODELS, createDealer, runCommand, startOwnServer, stopChild, type Benchmark, type Figure, type OwnServer } from './lib.js';
import { aCar } from '../test/support/cars.js';
import { photoUrls } from '../test/support/photos.js';
import { VEHICLE_FIELDS, type VehicleField } from '../src/modules/vehicles/fields.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CARS = Number(process.env.BENCH_FEED_CARS ?? 30_000);

// The feed's columns are the fields the service reads (D16), without P27's optional ones and
// any added later (vehicles/fields.ts), so that the figures stay comparable with earlier runs.
const BASE = (VEHICLE_FIELDS as readonly VehicleField[]).filter((f) => f.hash === 'base').map((f) => f.name);
type Column = 'external_id' | 'photos' | Extract<(typeof VEHICLE_FIELDS)[number], { hash: 'base' }>['name'];
const COLUMNS = ['external_id', ...BASE, 'photos'] as Column[];
type Car = Record<Column, string>;

const FUELS = ['gasoline', 'diesel', 'hybrid'];
const COLORS = ['Blanco', 'Gris', 'Negro', 'Rojo', 'Azul'];

/** A valid car for market ar; photos point at a host that is never reached (JOB_CONCURRENCY=0). */
export function car(i: number): Car {
  const m = MODELS[i % MODELS.length]!;
  const id = `FEED-${String(i).padStart(6, '0')}`;
  // Every field a text cell, as a CSV file has it.
  return {
    external_id: id,
    ...aCar({
      brand: m.brand,
      model: m.model,
      year: String(m.year),
      version: `1.6 Trendline ${i % 7}`,
      price: String(5_500_000 + (i % 500) * 10_000),
      currency: 'ARS',
      mileage: String(20_000 + (i % 97) * 1_000),
      fuel: FUELS[i % FUELS.length]!,
      transmission: i % 3 === 0 ? 'automatic' : 'manual',
      color: COLORS[i % COLORS.length]!,
      condition: 'used',
      city: 'Córdoba',
      description: `Unidad ${i} en muy buen estado, service al día, única mano, cubiertas nuevas${'.'.repeat(i % 10)}`,
      photos: photoUrls(id, 3, 'https://photos.bench.invalid/cars').join('|'),
    }),
  };
}

const cell = (s: string) => (/[",\n|]/.test(s) && !s.startsWith('https://') ? `"${s.replaceAll('"', '""')}"` : s);

export function csvFile(cars: Car[]): Buffer {
  return Buffer.from([COLUMNS.join(','), ...cars.map((c) => COLUMNS.map((k) => cell(c[k])).join(','))].join('\n') + '\n');
}

const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The stock as XML, as many cars as fit in `maxBytes` (XML markup roughly doubles the size). */
function xmlFile(cars: Car[], maxBytes: number): { body: Buffer; cars: number } {
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n<inventory>\n';
  const tail = '</inventory>\n';
  const parts = [head];
  let size = head.length + tail.length;
  let n = 0;
  for (const c of cars) {
    let el = '<vehicle>';
    for (const k of COLUMNS) {
      if (k === 'photos')
        el += `<photos>${c.photos
          .split('|')
          .map((u) => `<photo>${esc(u)}</photo>`)
          .join('')}</photos>`;
      else el += `<${k}>${esc(c[k])}</${k}>`;
    }
    el += '</vehicle>\n';
    const bytes = Buffer.byteLength(el);
    if (size + bytes > maxBytes) break;
    parts.push(el);
    size += bytes;
    n++;
  }
  parts.push(tail);
  return { body: Buffer.from(parts.join('')), cars: n };
}

/** Lines (or elements) of a file, as many as fit in `maxBytes` with the head and tail. */
function fitted(head: string, tail: string, items: Iterable<string>, maxBytes: number): { body: Buffer; cars: number } {
  const parts = [head];
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail);
  let n = 0;
  for (const item of items) {
    const bytes = Buffer.byteLength(item);
    if (size + bytes > maxBytes) break;
    parts.push(item);
    size += bytes;
    n++;
  }
  parts.push(tail);
  return { body: Buffer.from(parts.join('')), cars: n };
}

/** The stock as a Google vehicle ads feed (Merchant Center XML, RSS 2.0 with the g: namespace). */
function googleXmlFile(cars: Car[], maxBytes: number): { body: Buffer; cars: number } {
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n<title>Stock</title>\n';
  const tail = '</channel>\n</rss>\n';
  function* items() {
    for (const c of cars) {
      const [first, ...more] = c.photos.split('|');
      yield (
        '<item>' +
        `<g:id>${esc(c.external_id)}</g:id><title>${esc(`${c.year} ${c.brand} ${c.model} ${c.version}`)}</title>` +
        `<description>${esc(c.description)}</description><link>https://dealer.bench.invalid/stock/${esc(c.external_id)}</link>` +
        `<g:store_code>CBA-01</g:store_code><g:brand>${esc(c.brand)}</g:brand><g:model>${esc(c.model)}</g:model><g:year>${c.year}</g:year>` +
        `<g:trim>${esc(c.version)}</g:trim><g:color>${esc(c.color)}</g:color><g:mileage>${c.mileage} km</g:mileage>` +
        `<g:price>${c.price}.00 ${c.currency}</g:price><g:condition>${c.condition}</g:condition>` +
        `<g:image_link>${esc(first!)}</g:image_link>${more.map((u) => `<g:additional_image_link>${esc(u)}</g:additional_image_link>`).join('')}` +
        '</item>\n'
      );
    }
  }
  return fitted(head, tail, items(), maxBytes);
}

const META_COLUMNS = [
  'vehicle_id',
  'title',
  'description',
  'url',
  'make',
  'model',
  'year',
  'trim',
  'mileage.value',
  'mileage.unit',
  'image[0].url',
  'image[1].url',
  'image[2].url',
  'transmission',
  'fuel_type',
  'exterior_color',
  'condition',
  'state_of_vehicle',
  'price',
  'availability',
];

/** The stock as Meta's automotive catalog TSV (state_of_vehicle, a grade in condition, "5,500,000.00 ARS"). */
function metaTsvFile(cars: Car[], maxBytes: number): { body: Buffer; cars: number } {
  const money = (p: string) => `${Number(p).toLocaleString('en-US')}.00`;
  function* lines() {
    for (const c of cars) {
      const photos = c.photos.split('|');
      yield (
        [
          c.external_id,
          `${c.year} ${c.brand} ${c.model} ${c.version}`,
          c.description,
          `https://dealer.bench.invalid/stock/${c.external_id}`,
          c.brand,
          c.model,
          c.year,
          c.version,
          c.mileage,
          'KM',
          ...photos.slice(0, 3),
          c.transmission.toUpperCase(),
          c.fuel.toUpperCase(),
          c.color,
          'GOOD',
          'USED',
          `${money(c.price)} ${c.currency}`,
          'AVAILABLE',
        ].join('\t') + '\n'
      );
    }
  }
  return fitted(META_COLUMNS.join('\t') + '\n', '', lines(), maxBytes);
}

async function xlsxFile(cars: Car[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Stock');
  ws.addRow([...COLUMNS]);
  for (const c of cars) ws.addRow(COLUMNS.map((k) => (k === 'year' || k === 'price' || k === 'mileage' ? Number(c[k]) : c[k])));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * Starts a new peak for `peakRssMb` (Linux: writing 5 to clear_refs resets VmHWM to the current
 * RSS), so each format's figure is its own push's peak, not the highest of the run so far.
 * false when the kernel does not allow it (the figures are then cumulative).
 */
function resetPeakRss(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * CPU time a process has used, its ended children's included (the feed parsers: the server
 * reaps them), in ms (Linux: /proc/<pid>/stat utime + stime + cutime + cstime, 100 Hz ticks). On a
 * machine shared with other work the wall-clock figures vary; this one much less.
 */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14–17 of proc(5), counted from the state (field 3) here.
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 10;
}

/** cpuMs spent by `pid` (and its ended children) on `work`. */
async function withCpu<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; cpuMs: number }> {
  const before = cpuMs(pid);
  const value = await work();
  // A parser retired after a large file is reaped a moment after the answer.
  await new Promise((r) => setTimeout(r, 100));
  return { value, cpuMs: cpuMs(pid) - before };
}

/** Peak resident memory of a process in MB (VmHWM; Linux only). */
export function peakRssMb(pid: number): number {
  const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new BenchError(`no VmHWM in /proc/${pid}/status`);
  return Number(m[1]) / 1024;
}

interface PushAnswer {
  result?: string;
  rows?: number;
  created?: number;
  updated?: number;
  errors?: unknown[];
}

/** A new dealership with a feed (CLI, on the benchmark server's store); resolves with its push address. */
export async function newFeed(s: OwnServer, slug: string): Promise<string> {
  await createDealer(s.cli, s.env, slug);
  const out = await runCommand(process.execPath, [s.cli, 'feeds', 'create', '--dealer', slug, '--json'], s.env);
  const url = (JSON.parse(out) as { push_url?: string }).push_url;
  if (!url) throw new BenchError(`feeds create printed no push_url: ${out}`);
  return url;
}

async function push(
  url: string,
  body: Buffer | FormData,
  contentType: string | undefined,
  expect: { rows?: number; created: number; updated: number },
): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', body, ...(contentType ? { headers: { 'content-type': contentType } } : {}) });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new BenchError(`push to the feed answered ${res.status}: ${text.slice(0, 500)}`);
  const a = JSON.parse(text) as PushAnswer;
  if (a.result !== 'processed' || a.rows !== (expect.rows ?? CARS) || a.created !== expect.created || a.updated !== expect.updated || a.errors?.length !== 0) {
    throw new BenchError(`unexpected push answer: ${text.slice(0, 500)}`);
  }
  return ms;
}

export const FEED_BENCHMARKS: Benchmark[] = [
  {
    name: 'feeds',
    description: `feed push: ~10 MB CSV of ${CARS} cars (first, then unchanged), XLSX, XML, Google vehicle ads XML and Meta TSV beside it; peak RSS; baseline csv-parse alone`,
    async run(ctx) {
      // A server of its own: its peak memory is this benchmark's, whatever ran before. API only
      // (JOB_CONCURRENCY=0): the made-up photo URLs are not fetched.
      const s = await startOwnServer(ctx, ROOT, 'feeds-server', { JOB_CONCURRENCY: '0' });
      try {
        const cars = Array.from({ length: CARS }, (_, i) => car(i));
        const csv = csvFile(cars);

        // Baseline: csv-parse alone on the same bytes (median of 3).
        const parseTimes: number[] = [];
        for (let i = 0; i < 3; i++) {
          const t0 = performance.now();
          const records = parseCsv(csv, { columns: true });
          parseTimes.push(performance.now() - t0);
          if (records.length !== CARS) throw new BenchError(`csv-parse read ${records.length} records`);
        }
        parseTimes.sort((a, b) => a - b);
        const parseMs = parseTimes[1]!;

        const csvUrl = await newFeed(s, 'feed-csv');
        const ownPeaks = resetPeakRss(s.child.pid);
        const first = await withCpu(s.child.pid, () => push(csvUrl, csv, 'text/csv', { created: CARS, updated: 0 }));
        const again = await withCpu(s.child.pid, () => push(csvUrl, csv, 'text/csv', { created: 0, updated: CARS }));
        const firstMs = first.value;
        const againMs = again.value;
        const rssAfterCsv = peakRssMb(s.child.pid);

        const xlsx = await xlsxFile(cars);
        const form = new FormData();
        form.append('file', new Blob([xlsx], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'stock.xlsx');
        resetPeakRss(s.child.pid);
        const xlsxMs = await push(await newFeed(s, 'feed-xlsx'), form, undefined, { created: CARS, updated: 0 });

        const rssAfterXlsx = peakRssMb(s.child.pid);

        const xml = xmlFile(cars, 10 * 1024 * 1024);
        resetPeakRss(s.child.pid);
        const xmlMs = await push(await newFeed(s, 'feed-xml'), xml.body, 'application/xml', { rows: xml.cars, created: xml.cars, updated: 0 });
        const rssPeak = peakRssMb(s.child.pid);

        // The platforms' own formats (P27), each for a new dealership.
        resetPeakRss(s.child.pid);
        const google = googleXmlFile(cars, 10 * 1024 * 1024);
        const googleMs = await push(await newFeed(s, 'feed-google'), google.body, 'application/xml', { rows: google.cars, created: google.cars, updated: 0 });
        const meta = metaTsvFile(cars, 10 * 1024 * 1024);
        const metaMs = await push(await newFeed(s, 'feed-meta'), meta.body, 'text/tab-separated-values', { rows: meta.cars, created: meta.cars, updated: 0 });
        const rssPlatforms = peakRssMb(s.child.pid);

        const mb = (n: number) => n / (1024 * 1024);
        // Issue 17's targets (default configuration: info logs to a file). Each format's peak is
        // its own push's (resetPeakRss) unless the kernel refuses the reset.
        const peakOf = (what: string) => (ownPeaks ? `server peak RSS during the ${what} push` : `server peak RSS after the ${what} push (cumulative)`);
        const figures: Figure[] = [
          { key: 'feed_csv_mb', label: `feed CSV size (${CARS} cars)`, value: mb(csv.length), unit: 'MB', decimals: 1 },
          { key: 'feed_csv_parse_ms', label: 'baseline: csv-parse alone on that file', value: parseMs, unit: 'ms', decimals: 0 },
          {
            key: 'feed_first_push_ms',
            label: 'CSV push, new dealership (end to end)',
            value: firstMs,
            unit: 'ms',
            decimals: 0,
            target: { op: '<=', value: 2000 },
            baseline: 'feed_csv_parse_ms',
          },
          {
            key: 'feed_again_push_ms',
            label: 'CSV push again, unchanged',
            value: againMs,
            unit: 'ms',
            decimals: 0,
            target: { op: '<=', value: 1200 },
            baseline: 'feed_csv_parse_ms',
          },
          { key: 'feed_first_push_cpu_ms', label: 'CPU of the server and its parsers for that push', value: first.cpuMs, unit: 'ms', decimals: 0 },
          { key: 'feed_again_push_cpu_ms', label: 'CPU of the server and its parsers for the unchanged push', value: again.cpuMs, unit: 'ms', decimals: 0 },
          { key: 'feed_peak_rss_csv_mb', label: `${peakOf('CSV')}es`, value: rssAfterCsv, unit: 'MB', decimals: 0, target: { op: '<=', value: 250 } },
          { key: 'feed_xlsx_mb', label: 'same stock as XLSX: size', value: mb(xlsx.length), unit: 'MB', decimals: 1 },
          { key: 'feed_xlsx_push_ms', label: 'XLSX push (multipart), new dealership', value: xlsxMs, unit: 'ms', decimals: 0 },
          { key: 'feed_peak_rss_xlsx_mb', label: peakOf('XLSX'), value: rssAfterXlsx, unit: 'MB', decimals: 0, target: { op: '<=', value: 250 } },
          { key: 'feed_xml_cars', label: 'same stock as XML: the cars that fit in 10 MB', value: xml.cars, unit: 'cars', decimals: 0 },
          { key: 'feed_xml_mb', label: "that XML file's size", value: mb(xml.body.length), unit: 'MB', decimals: 1 },
          { key: 'feed_xml_push_ms', label: 'XML push, new dealership', value: xmlMs, unit: 'ms', decimals: 0 },
          { key: 'feed_peak_rss_mb', label: peakOf('XML'), value: rssPeak, unit: 'MB', decimals: 0, target: { op: '<=', value: 250 } },
          {
            key: 'feed_google_xml_cars',
            label: 'same stock as Google vehicle ads XML: the cars that fit in 10 MB',
            value: google.cars,
            unit: 'cars',
            decimals: 0,
          },
          { key: 'feed_google_xml_mb', label: "that Google XML file's size", value: mb(google.body.length), unit: 'MB', decimals: 1 },
          { key: 'feed_google_xml_push_ms', label: 'Google XML push, new dealership', value: googleMs, unit: 'ms', decimals: 0 },
          { key: 'feed_meta_tsv_cars', label: 'same stock as Meta automotive TSV: the cars that fit in 10 MB', value: meta.cars, unit: 'cars', decimals: 0 },
          { key: 'feed_meta_tsv_mb', label: "that Meta TSV file's size", value: mb(meta.body.length), unit: 'MB', decimals: 1 },
          { key: 'feed_meta_tsv_push_ms', label: 'Meta TSV push, new dealership', value: metaMs, unit: 'ms', decimals: 0 },
          { key: 'feed_peak_rss_platforms_mb', label: peakOf('Google and Meta'), value: rssPlatforms, unit: 'MB', decimals: 0 },
        ];
        return figures;
      } finally {
        await stopChild(s.child);
      }
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Issue 15: the dry run (D30) of the same 30 000-car CSV against a stock of those cars, end to
// end, beside its baseline: csv-parse alone plus the stock comparison (the dealership's stock
// IDs read from the store and split into create / update / mark sold), in this process.

interface DryRunAnswer {
  dry_run?: boolean;
  rows?: number;
  would_create?: string[];
  would_update?: string[];
  would_mark_sold?: string[];
}

export const FEED_DRY_RUN_BENCHMARKS: Benchmark[] = [
  {
    name: 'feeds_dry_run',
    description: `feed push dry run: ~10 MB CSV of ${CARS} cars against a stock of them; baseline csv-parse + stock comparison`,
    async run(ctx) {
      const s = await startOwnServer(ctx, ROOT, 'feeds-dry-run-server', { JOB_CONCURRENCY: '0' });
      try {
        const cars = Array.from({ length: CARS }, (_, i) => car(i));
        const csv = csvFile(cars);
        const url = await newFeed(s, 'feed-dry');
        await push(url, csv, 'text/csv', { created: CARS, updated: 0 });

        const { default: Database } = await import('better-sqlite3');
        const db = new Database(s.env.DATABASE_URL!.replace(/^sqlite:/, ''), { readonly: true });
        const baseline = (): number => {
          const t0 = performance.now();
          const records = parseCsv<{ external_id: string }>(csv, { columns: true });
          const stock = new Set(
            (
              db.prepare("select external_id from vehicles where source = 'feed' and status in ('active', 'importing_photos', 'in_review')").all() as {
                external_id: string;
              }[]
            ).map((r) => r.external_id),
          );
          const listed = new Set(records.map((r) => r.external_id));
          const create = records.filter((r) => !stock.has(r.external_id)).length;
          const sold = [...stock].filter((id) => !listed.has(id)).length;
          const ms = performance.now() - t0;
          if (records.length !== CARS || create !== 0 || sold !== 0)
            throw new BenchError(`baseline read ${records.length} records, ${create} new, ${sold} sold`);
          return ms;
        };
        const dryRun = async (): Promise<number> => {
          const t0 = performance.now();
          const res = await fetch(`${url}?dry_run=true`, { method: 'POST', body: csv, headers: { 'content-type': 'text/csv' } });
          const text = await res.text();
          const ms = performance.now() - t0;
          const a = JSON.parse(text) as DryRunAnswer;
          if (res.status !== 200 || a.dry_run !== true || a.rows !== CARS || a.would_update?.length !== CARS || a.would_create?.length !== 0) {
            throw new BenchError(`unexpected dry-run answer ${res.status}: ${text.slice(0, 500)}`);
          }
          return ms;
        };
        // One untimed run of each first: the baseline's csv-parse may be warm from the benchmarks
        // before it in this process while the server's dry run is cold, and the first call of
        // either (JIT) would decide the ratio of a small file. Then the median of five.
        const median = async (f: () => number | Promise<number>) => {
          await f();
          const times: number[] = [];
          for (let i = 0; i < 5; i++) times.push(await f());
          return times.sort((a, b) => a - b)[2]!;
        };
        const baseMs = await median(baseline);
        db.close();
        const dryMs = await median(dryRun);
        return [
          { key: 'feed_dry_run_baseline_ms', label: 'baseline: csv-parse + stock comparison', value: baseMs, unit: 'ms', decimals: 0 },
          { key: 'feed_dry_run_ms', label: `CSV dry run, ${CARS} cars all in stock (end to end)`, value: dryMs, unit: 'ms', decimals: 0 },
          {
            key: 'feed_dry_run_ratio',
            label: 'CSV dry run ÷ (csv-parse + stock comparison)',
            value: dryMs / baseMs,
            unit: '×',
            decimals: 2,
            target: { op: '<=', value: 1.5 },
            // The target is issue 15's, for the 30 000-car file (floor 3 ×, P236). --quick's 2 000-car
            // file is 4–5 × a warm csv-parse of it: the upload, the parser process's round trip and
            // the answer cost the same whatever the file's size. Its floor is about twice that,
            // enough to catch a per-car regression such as the 12 MB answer of P259.
            ...(ctx.quick ? { floor: { op: '<=' as const, value: 8 } } : {}),
          },
        ];
      } finally {
        await stopChild(s.child);
      }
    },
  },
];
