// Feed files are parsed off the main thread (issue 6: the API keeps answering during a large
// import), in at most PARSE_LIMITS.workers threads at once, each with a heap limit and a deadline.
// A worker is reused for small files while they keep coming and ends after IDLE_MS without work,
// or right after a large file, so neither an idle server nor a running import keeps a parser's
// heap (nor exceljs) in memory.
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { UnreadableFeedError, type FeedRow, type FeedSummary, type ParsedFeed, type ParseInput } from './types.js';

/**
 * Threads at once, each file's deadline, each thread's heap. 128 MB reads every legitimate 10 MB
 * file (the largest allowed shared strings table too) and keeps a hostile one from taking the
 * server past its memory target. Fixed; tests lower them to see them act.
 */
export const PARSE_LIMITS = { workers: 2, timeoutMs: 30_000, heapMb: 128 };
const IDLE_MS = 5_000;
/** Files up to this size leave the thread for the next file; larger ones end it. */
const REUSE_AFTER_BYTES = 1024 * 1024;

export interface WorkerRequest {
  id: number;
  body: Uint8Array;
  contentType?: string;
  filename?: string;
}
export type WorkerMessage =
  | { id: number; kind: 'rows'; rows: FeedRow[] }
  | { id: number; kind: 'done'; summary: FeedSummary }
  | { id: number; kind: 'failed'; unreadable: boolean; message: string };

/**
 * In the esbuild bundle this code is inside dist/server.js (or dist/cli.js) and the worker is
 * dist/feed-parse-worker.js beside it (scripts/build.mjs). Under tsx (tests, `npm run dev`) it is
 * src/…/pool.ts and the worker is worker.ts: worker threads do not inherit tsx's loader, so a
 * small bootstrap registers it in the thread first.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = FROM_SOURCE ? new URL('./worker.ts', import.meta.url) : new URL('./feed-parse-worker.js', import.meta.url);

function newWorker(options: WorkerOptions): Worker {
  if (!FROM_SOURCE) return new Worker(WORKER_URL, options);
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(WORKER_URL.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

interface Job {
  id: number;
  input: ParseInput;
  rows: FeedRow[];
  resolve: (r: ParsedFeed) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  /** The heap limit it was started with (a changed limit is not applied to running threads). */
  heapMb: number;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
}

const slots = new Set<Slot>();
const waiting: Job[] = [];
let nextId = 1;

export function parseInWorker(input: ParseInput): Promise<ParsedFeed> {
  return new Promise((resolve, reject) => {
    waiting.push({ id: nextId++, input, rows: [], resolve, reject });
    dispatch();
  });
}

/** Files being parsed and files waiting for a thread. */
export function parseQueue(): { running: number; waiting: number } {
  return { running: [...slots].filter((s) => s.job !== null).length, waiting: waiting.length };
}

function dispatch(): void {
  while (waiting.length > 0) {
    for (const s of slots) if (s.job === null && s.heapMb !== PARSE_LIMITS.heapMb) retire(s);
    let slot = [...slots].find((s) => s.job === null);
    if (!slot) {
      if (slots.size >= PARSE_LIMITS.workers) return;
      slot = spawn();
    }
    start(slot, waiting.shift()!);
  }
}

function spawn(): Slot {
  const worker = newWorker({
    resourceLimits: { maxOldGenerationSizeMb: PARSE_LIMITS.heapMb, maxYoungGenerationSizeMb: Math.min(16, PARSE_LIMITS.heapMb / 4) },
  });
  const slot: Slot = { worker, heapMb: PARSE_LIMITS.heapMb, job: null, timer: null, idleTimer: null };
  slots.add(slot);
  worker.on('message', (m: WorkerMessage) => {
    const job = slot.job;
    if (!job || job.id !== m.id) return;
    if (m.kind === 'rows') {
      for (const row of m.rows) job.rows.push(row);
      return;
    }
    finish(slot);
    // A thread that read a large file keeps its grown heap (V8 gives memory back slowly) while
    // the import goes on: it is ended at once. Small files leave it warm for the next one.
    if (job.input.body.length > REUSE_AFTER_BYTES) {
      retire(slot);
      dispatch();
    } else idle(slot);
    if (m.kind === 'done') job.resolve({ format: m.summary.format, rows: job.rows, columns: m.summary.columns, rowErrors: m.summary.rowErrors });
    else job.reject(m.unreadable ? new UnreadableFeedError(m.message) : new Error(`feed parser failed: ${m.message}`));
  });
  worker.on('error', (err: Error & { code?: string }) => {
    const job = slot.job;
    retire(slot);
    dispatch();
    job?.reject(
      err.code === 'ERR_WORKER_OUT_OF_MEMORY' || err instanceof RangeError
        ? new UnreadableFeedError('The file is too large to read: parsing it needs more memory than a feed may use.')
        : err,
    );
  });
  worker.on('exit', () => {
    const job = slot.job;
    retire(slot);
    dispatch();
    job?.reject(new UnreadableFeedError('The file could not be read: the parser stopped.'));
  });
  return slot;
}

function start(slot: Slot, job: Job): void {
  if (slot.idleTimer) clearTimeout(slot.idleTimer);
  slot.idleTimer = null;
  slot.job = job;
  slot.worker.ref();
  slot.timer = setTimeout(() => {
    retire(slot);
    dispatch();
    job.reject(new UnreadableFeedError(`The file took too long to read (over ${PARSE_LIMITS.timeoutMs / 1000} s).`));
  }, PARSE_LIMITS.timeoutMs);
  // A copy made only now (not while waiting), handed over to the worker (transferred, not
  // cloned); the caller keeps its own buffer.
  const body = new Uint8Array(job.input.body);
  const req: WorkerRequest = { id: job.id, body, contentType: job.input.contentType, filename: job.input.filename };
  slot.worker.postMessage(req, [body.buffer as ArrayBuffer]);
}

function finish(slot: Slot): void {
  if (slot.timer) clearTimeout(slot.timer);
  slot.timer = null;
  slot.job = null;
}

function idle(slot: Slot): void {
  slot.worker.unref();
  slot.idleTimer = setTimeout(() => retire(slot), IDLE_MS);
  slot.idleTimer.unref();
  dispatch();
}

/** Ends a worker (stuck, broken, idle or outdated); its job, if any, is settled by the caller. */
function retire(slot: Slot): void {
  if (!slots.delete(slot)) return;
  if (slot.timer) clearTimeout(slot.timer);
  if (slot.idleTimer) clearTimeout(slot.idleTimer);
  slot.job = null;
  void slot.worker.terminate();
}
