// Feed files are parsed off the main thread (the API keeps answering during a large
// import) and outside the server's process (one file must never take the service
// down), in at most PARSE_LIMITS.workers child processes at once, each with a heap limit and a
// deadline. A worker THREAD that runs out of heap can abort the whole process while Node tears
// it down ("FATAL ERROR: Reached heap limit … Worker::Run", nodejs/node#47224): a child process
// that does only dies itself, and its end is an import that failed (unreadable_feed), never a
// server that died. A child is reused for small files while they keep coming and ends after
// IDLE_MS without work, or right after a large file, so neither an idle server nor a running
// import keeps a parser's heap (nor exceljs) in memory. A child whose server dies (its IPC
// channel closes) ends itself.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ColumnMap } from './overrides.js';
import { UnreadableFeedError, type ParsedRow, type FeedSummary, type ParsedFeed, type ParseInput } from './types.js';
import { msg, type Msg } from '../../../core/i18n/index.js';

/**
 * Parsers at once, each file's deadline, each parser's heap (V8's old generation; the young
 * generation is bounded beside it). 128 MB reads every legitimate 10 MB file (the largest
 * allowed shared strings table too); a hostile one that needs more ends that parser alone.
 * Fixed; tests lower them to see them act.
 */
export const PARSE_LIMITS = { workers: 2, timeoutMs: 30_000, heapMb: 128 };
const IDLE_MS = 5_000;
/** Files up to this size leave the parser for the next file; larger ones end it. */
const REUSE_AFTER_BYTES = 1024 * 1024;
/** What a parser wrote on stderr last (V8's out-of-memory report, a crash): kept for the error. */
const STDERR_TAIL = 4096;

export interface WorkerRequest {
  id: number;
  /**
   * The file's bytes follow on the parser's stdin (P51): written from the request's own buffer,
   * where an IPC message would copy 10 MB into a serialization buffer and again into the write.
   */
  bodyBytes: number;
  contentType?: string;
  filename?: string;
  columnMap?: ColumnMap;
  market?: string;
}
export type WorkerMessage =
  | { id: number; kind: 'rows'; rows: ParsedRow[] }
  | { id: number; kind: 'done'; summary: FeedSummary }
  // An unreadable file's reason crosses as its code (D31), rendered where it is read.
  | { id: number; kind: 'failed'; unreadable: true; text: Msg }
  | { id: number; kind: 'failed'; unreadable: false; message: string };

/**
 * In the esbuild bundle this code is inside dist/server.js (or dist/cli.js) and the parser is
 * dist/feed-parse-worker.js beside it (scripts/build.mjs). Under tsx (tests, `npm run dev`) it
 * is src/…/pool.ts and the parser is worker.ts, run with tsx's loader.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_PATH = fileURLToPath(FROM_SOURCE ? new URL('./worker.ts', import.meta.url) : new URL('./feed-parse-worker.js', import.meta.url));

const PARSER_ENV = ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'TZ', 'LANG', 'LC_ALL', 'NODE_ENV', 'SYSTEMROOT'];

function newWorker(heapMb: number): ChildProcess {
  const execArgv = [
    `--max-old-space-size=${heapMb}`,
    `--max-semi-space-size=${Math.max(1, Math.min(8, Math.floor(heapMb / 16)))}`,
    ...(process.execArgv.includes('--enable-source-maps') ? ['--enable-source-maps'] : []),
  ];
  if (FROM_SOURCE) execArgv.unshift('--import', import.meta.resolve('tsx'));
  // Only what a Node process needs to run: the parser never sees the server's secrets
  // (SECRET_KEY, DATABASE_URL…), nor its NODE_OPTIONS (a larger heap is not the parser's).
  const env: NodeJS.ProcessEnv = {};
  for (const name of PARSER_ENV) if (process.env[name] !== undefined) env[name] = process.env[name];
  return fork(WORKER_PATH, [], { execArgv, env, serialization: 'advanced', stdio: ['pipe', 'ignore', 'pipe', 'ipc'] });
}

interface Job {
  id: number;
  input: ParseInput;
  rows: ParsedRow[];
  /** Takes each batch as it arrives instead of `rows` (the import validates while the file is read, P51). */
  onRows?: (rows: ParsedRow[]) => void;
  resolve: (r: ParsedFeed) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: ChildProcess;
  /** The heap limit it was started with (a changed limit is not applied to running parsers). */
  heapMb: number;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
  stderr: string;
}

const slots = new Set<Slot>();
const waiting: Job[] = [];
let nextId = 1;

/**
 * Parses a file in a parser process. With `onRows`, each batch of rows goes to it as it arrives
 * (in file order) and the result's `rows` stays empty: the whole file's rows are never held.
 */
export function parseInWorker(input: ParseInput, onRows?: (rows: ParsedRow[]) => void): Promise<ParsedFeed> {
  return new Promise((resolve, reject) => {
    waiting.push({ id: nextId++, input, rows: [], ...(onRows ? { onRows } : {}), resolve, reject });
    dispatch();
  });
}

/** Files being parsed and files waiting for a parser. */
export function parseQueue(): { running: number; waiting: number } {
  return { running: [...slots].filter((s) => s.job !== null).length, waiting: waiting.length };
}

/** The process ids of the parsers reading a file now (tests kill one mid-file). */
export function busyParserPids(): number[] {
  return [...slots].filter((s) => s.job !== null && s.worker.pid !== undefined).map((s) => s.worker.pid!);
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

/** Why a parser that ended mid-file ended, for the feed's sender. */
function endedMessage(code: number | null, signal: NodeJS.Signals | null, stderr: string): Msg {
  // V8 aborts on a full heap (SIGABRT, or exit code 134 where a shell reports it).
  if (signal === 'SIGABRT' || code === 134 || /heap out of memory|Allocation failed/.test(stderr)) {
    return msg('file_out_of_memory');
  }
  return msg('parser_stopped');
}

function spawn(): Slot {
  const worker = newWorker(PARSE_LIMITS.heapMb);
  const slot: Slot = { worker, heapMb: PARSE_LIMITS.heapMb, job: null, timer: null, idleTimer: null, stderr: '' };
  slots.add(slot);
  // A parser that dies mid-write breaks the pipe (EPIPE): its 'close' settles the job.
  worker.stdin?.on('error', () => {});
  worker.stderr?.setEncoding('utf8');
  worker.stderr?.on('data', (chunk: string) => {
    slot.stderr = (slot.stderr + chunk).slice(-STDERR_TAIL);
  });
  worker.on('message', (m: WorkerMessage) => {
    const job = slot.job;
    if (!job || job.id !== m.id) return;
    if (m.kind === 'rows') {
      if (job.onRows) job.onRows(m.rows);
      else for (const row of m.rows) job.rows.push(row);
      return;
    }
    finish(slot);
    // A parser that read a large file keeps its grown heap (V8 gives memory back slowly): it
    // is ended at once. Small files leave it warm for the next one.
    if (job.input.body.length > REUSE_AFTER_BYTES) {
      retire(slot);
      dispatch();
    } else idle(slot);
    if (m.kind === 'done') job.resolve({ format: m.summary.format, rows: job.rows, columns: m.summary.columns, rowErrors: m.summary.rowErrors });
    else job.reject(m.unreadable ? new UnreadableFeedError(m.text) : new Error(`feed parser failed: ${m.message}`));
  });
  // Spawning failed, or a message could not be sent: the parser is of no use any more.
  worker.on('error', (err: Error) => {
    const job = slot.job;
    retire(slot);
    dispatch();
    job?.reject(new UnreadableFeedError(msg('parser_failed', { detail: err.message })));
  });
  // 'close', not 'exit': by then stderr (V8's out-of-memory report) has been read.
  worker.on('close', (code, signal) => {
    const job = slot.job;
    retire(slot);
    dispatch();
    job?.reject(new UnreadableFeedError(endedMessage(code, signal, slot.stderr)));
  });
  return slot;
}

function start(slot: Slot, job: Job): void {
  if (slot.idleTimer) clearTimeout(slot.idleTimer);
  slot.idleTimer = null;
  slot.job = job;
  slot.stderr = '';
  ref(slot.worker, true);
  slot.timer = setTimeout(() => {
    retire(slot);
    dispatch();
    job.reject(new UnreadableFeedError(msg('parse_timeout', { seconds: PARSE_LIMITS.timeoutMs / 1000 })));
  }, PARSE_LIMITS.timeoutMs);
  const req: WorkerRequest = {
    id: job.id,
    bodyBytes: job.input.body.length,
    contentType: job.input.contentType,
    filename: job.input.filename,
    columnMap: job.input.columnMap,
    market: job.input.market,
  };
  const failed = (err: Error | null | undefined) => {
    if (!err || slot.job !== job) return;
    retire(slot);
    dispatch();
    job.reject(new UnreadableFeedError(msg('parser_failed', { detail: err.message })));
  };
  slot.worker.send(req, failed);
  // A pipe that breaks means a parser that died or is dying: its 'close' tells why.
  slot.worker.stdin?.write(job.input.body, (err) => {
    if (err && slot.job === job) slot.worker.kill('SIGKILL');
  });
}

/** An idle parser does not keep the server (or a test) running; a busy one does. */
function ref(worker: ChildProcess, on: boolean): void {
  const channel = worker.channel as { ref(): void; unref(): void } | undefined;
  if (on) {
    worker.ref();
    channel?.ref();
  } else {
    worker.unref();
    channel?.unref();
  }
}

function finish(slot: Slot): void {
  if (slot.timer) clearTimeout(slot.timer);
  slot.timer = null;
  slot.job = null;
}

function idle(slot: Slot): void {
  ref(slot.worker, false);
  slot.idleTimer = setTimeout(() => retire(slot), IDLE_MS);
  slot.idleTimer.unref();
  dispatch();
}

/** Ends a parser (stuck, broken, idle or outdated); its job, if any, is settled by the caller. */
function retire(slot: Slot): void {
  if (!slots.delete(slot)) return;
  if (slot.timer) clearTimeout(slot.timer);
  if (slot.idleTimer) clearTimeout(slot.idleTimer);
  slot.job = null;
  ref(slot.worker, false);
  if (slot.worker.exitCode === null && slot.worker.signalCode === null) slot.worker.kill('SIGKILL');
}
