// Shared helpers for `npm run bench`: child processes (tracked and always killed), free
// loopback ports, waiting for an HTTP answer, resident memory, and an autocannon wrapper.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { aCar } from '../test/support/cars.js';
import type { BaselineDb } from './baseline-db.js';
import { BenchError } from './errors.js';

export const LOOPBACK = '127.0.0.1';

/** Thrown for a benchmark that cannot be trusted (a failed start, non-2xx answers, …). */
export { BenchError };

// ---------------------------------------------------------------------------------------------
// Child processes: every one is registered so it is killed at the end, also on failure.

const children = new Set<ChildProcess>();

/** The env a child gets: a minimal base (no stray config from the caller's shell) plus `extra`. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR']) if (process.env[name] !== undefined) base[name] = process.env[name];
  return { ...base, NODE_ENV: 'production', ...extra };
}

export interface Child {
  proc: ChildProcess;
  pid: number;
  /** The last lines it wrote (stdout and stderr), for error messages. */
  output(): string;
  /** Resolves with the exit code (or signal) once it has exited. */
  exited: Promise<string>;
}

/**
 * Starts a tracked child. With `logFile`, its stdout goes straight to that file, as
 * `npm start > file` would (P41): the server pays for its own logging, the bench process reads
 * nothing of it (a pipe would make this process a consumer the server waits on).
 */
export function startChild(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = process.cwd(), logFile?: string): Child {
  const fd = logFile === undefined ? undefined : fs.openSync(logFile, 'a');
  const proc = spawn(command, args, { env, cwd, stdio: ['ignore', fd ?? 'pipe', 'pipe'] });
  if (fd !== undefined) fs.closeSync(fd);
  children.add(proc);
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const exited = new Promise<string>((resolve) => {
    proc.once('exit', (code, signal) => {
      children.delete(proc);
      resolve(signal ? `signal ${signal}` : `code ${code}`);
    });
    proc.once('error', (err) => {
      children.delete(proc);
      resolve(`spawn error: ${err.message}`);
    });
  });
  if (proc.pid === undefined) throw new BenchError(`could not start ${command} ${args.join(' ')}`);
  const output = () => (logFile === undefined ? tail.trim() : `${fileTail(logFile)}\n${tail}`.trim());
  return { proc, pid: proc.pid, output, exited };
}

/** The last `bytes` of a file ('' when it cannot be read). */
function fileTail(file: string, bytes = 4000): string {
  try {
    const size = fs.statSync(file).size;
    const fd = fs.openSync(file, 'r');
    try {
      const buf = Buffer.alloc(Math.min(size, bytes));
      fs.readSync(fd, buf, 0, buf.length, size - buf.length);
      return buf.toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return '';
  }
}

/**
 * The LOG_LEVEL of the real servers: the default configuration (info, P41) unless
 * BENCH_LOG_LEVEL says otherwise. The `_nolog` figures run a second server with 'silent'.
 */
export const serverLogLevel = (): string => process.env.BENCH_LOG_LEVEL ?? 'info';

/** Stops one child: SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
export async function stopChild(child: Child, graceMs = 5000): Promise<void> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  child.proc.kill('SIGTERM');
  const timer = setTimeout(() => child.proc.kill('SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
}

/** Stops every child still running. */
export async function stopAllChildren(): Promise<void> {
  const running = [...children];
  await Promise.all(
    running.map((proc) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
        proc.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        proc.kill('SIGTERM');
      });
    }),
  );
}

/** Last resort (process exit, Ctrl-C): kill whatever is left, synchronously. */
export function killAllChildrenNow(): void {
  for (const proc of children) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
}

/** server.js and cli.js of the build under test (BENCH_DIST, default ./dist); throws if missing. */
export function distFiles(root: string): { server: string; cli: string } {
  const dist = path.resolve(process.env.BENCH_DIST ?? path.join(root, 'dist'));
  const files = { server: path.join(dist, 'server.js'), cli: path.join(dist, 'cli.js') };
  for (const f of Object.values(files)) if (!fs.existsSync(f)) throw new BenchError(`${f} is missing: run npm run build`);
  return files;
}

/**
 * The node flags `npm start` runs dist/server.js with (package.json's `start` script, P52),
 * then BENCH_SERVER_NODE_ARGS: a real server is measured as users run it.
 */
export function serverNodeArgs(root: string): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const start = pkg.scripts?.start ?? '';
  const m = /^node((?:\s+-[^\s]+)*)\s+dist\/server\.js\s*$/.exec(start);
  if (!m) throw new BenchError(`package.json's start script is not "node [flags] dist/server.js" (got "${start}"): bench/lib.ts serverNodeArgs must learn it`);
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return [...m[1]!.split(/\s+/).filter(Boolean), ...extra];
}

/**
 * Creates a dealership (market ar) and a key of it with the CLI, on the store `env` names
 * (DATABASE_URL); resolves with the key. Safe beside the running server (SQLite WAL, busy_timeout).
 */
export async function createDealer(cli: string, env: NodeJS.ProcessEnv, slug: string): Promise<string> {
  await runCommand(process.execPath, [cli, 'dealers', 'create', '--slug', slug, '--name', `Bench ${slug}`, '--markets', 'ar', '--json'], env);
  const out = await runCommand(process.execPath, [cli, 'keys', 'create', '--dealer', slug, '--json'], env);
  let key: unknown;
  try {
    key = (JSON.parse(out.trim()) as { key?: unknown }).key;
  } catch {
    throw new BenchError(`keys create printed no JSON: ${out}`);
  }
  if (typeof key !== 'string' || !key.startsWith('dik_')) throw new BenchError(`keys create printed no key: ${out}`);
  return key;
}

/** Runs a command to completion; resolves with its stdout, rejects with its stderr on failure. */
export async function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 30_000): Promise<string> {
  const proc = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(proc);
  let out = '';
  let err = '';
  proc.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  proc.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    proc.once('error', reject);
    proc.once('exit', (c, s) => resolve([c, s]));
  }).finally(() => {
    clearTimeout(timer);
    children.delete(proc);
  });
  if (code !== 0) {
    throw new BenchError(`${[command, ...args].join(' ')} failed (${signal ? `signal ${signal}` : `exit ${code}`}): ${err.trim() || out.trim()}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// CPU pinning: the server under test on one CPU, this process (the load generator) on another.
// Unpinned, on a small machine the scheduler keeps moving both around and onto the same CPU:
// measured throughput drops by up to half and varies from run to run.

export interface Pinning {
  /** CPU the servers run on (taskset -c). */
  serverCpu: number;
  /** CPU this process (autocannon) was moved to. */
  clientCpu: number;
}

/** CPUs this process may run on (Cpus_allowed_list, e.g. "0-3,6"). */
function allowedCpus(): number[] {
  const m = /^Cpus_allowed_list:\s*(\S+)/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  if (!m) return [];
  return m[1]!.split(',').flatMap((part) => {
    const [a, b] = part.split('-').map(Number);
    return b === undefined ? [a!] : Array.from({ length: b - a! + 1 }, (_, i) => a! + i);
  });
}

/**
 * Pins this process (all its threads) to the second allowed CPU and returns where servers
 * should go; undefined (no pinning) when BENCH_PIN=0, off Linux, with one CPU, or without taskset.
 */
export function pinCpus(): Pinning | undefined {
  if (process.env.BENCH_PIN === '0' || process.platform !== 'linux') return undefined;
  let cpus: number[];
  try {
    cpus = allowedCpus();
  } catch {
    return undefined;
  }
  if (cpus.length < 2) return undefined;
  const pinning = { serverCpu: cpus[0]!, clientCpu: cpus[1]! };
  try {
    execFileSync('taskset', ['-a', '-p', '-c', String(pinning.clientCpu), String(process.pid)], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  return pinning;
}

/** The command line that runs `command args` on the server CPU (taskset execs: same pid). */
export function onServerCpu(pinning: Pinning | undefined, command: string, args: string[]): [string, string[]] {
  return pinning ? ['taskset', ['-c', String(pinning.serverCpu), command, ...args]] : [command, args];
}

/** The command line that runs `command args` on every CPU, for a process that must leave the CPU this one was pinned to (children inherit it). */
export function onAllCpus(pinned: boolean, command: string, args: string[]): [string, string[]] {
  return pinned ? ['taskset', ['-c', `0-${os.cpus().length - 1}`, command, ...args]] : [command, args];
}

// ---------------------------------------------------------------------------------------------
// Ports, HTTP, memory.

/** A port that is free on the loopback address right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, LOOPBACK, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One GET on a fresh connection (no keep-alive agent, no undici start-up cost). */
export function httpGet(url: string, headers: Record<string, string> = {}, timeoutMs = 2000): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false, timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
  });
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `url` every `intervalMs` until it answers 200. Fails at once if `child` exits first,
 * or after `timeoutMs`. Resolves with the time at which the first 200 arrived (performance.now()).
 */
export async function waitForHttp(url: string, child: Child, { intervalMs = 5, timeoutMs = 15_000 } = {}): Promise<number> {
  let gone: string | undefined;
  void child.exited.then((how) => (gone = how));
  const deadline = performance.now() + timeoutMs;
  let last = 'no attempt yet';
  while (performance.now() < deadline) {
    if (gone) throw new BenchError(`${url}: the process exited (${gone}) before answering:\n${child.output()}`);
    const started = performance.now();
    try {
      const res = await httpGet(url, {}, 1000);
      if (res.status === 200) return performance.now();
      last = `status ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    const spent = performance.now() - started;
    if (spent < intervalMs) await sleep(intervalMs - spent);
  }
  throw new BenchError(`${url} did not answer 200 within ${timeoutMs} ms (last: ${last}):\n${child.output()}`);
}

/** CPU time (user + system, in clock ticks of 1/100 s) of a process, all its threads. */
export function processTicks(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
}

/**
 * Busy CPU time of the whole machine, in clock ticks: user, system and steal (another VM on the
 * host). Interrupt time is left out: the loopback traffic of the run itself lands there.
 */
function machineBusyTicks(): number {
  const [, user, nice, system, , , , , steal] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  return user! + nice! + system! + steal!;
}

/**
 * Measures how much CPU the rest of the machine used while `fn` ran, as % of one CPU: busy time
 * minus what `pids` used. Anything sizeable means another workload skewed the figures.
 * A few % is normal (kernel threads, this machine's own housekeeping).
 */
export async function withOtherCpu<T>(pids: number[], fn: () => Promise<T>): Promise<{ result: T; otherCpuPct: number | undefined }> {
  const read = () => {
    try {
      return { busy: machineBusyTicks(), own: pids.reduce((sum, pid) => sum + processTicks(pid), 0), at: performance.now() };
    } catch {
      return undefined; // not Linux, or a process gone
    }
  };
  const before = read();
  const result = await fn();
  const after = read();
  if (!before || !after) return { result, otherCpuPct: undefined };
  const ticksPerSecond = 100; // USER_HZ on Linux
  const seconds = (after.at - before.at) / 1000;
  const other = after.busy - before.busy - (after.own - before.own);
  return { result, otherCpuPct: Math.max(0, (100 * other) / (ticksPerSecond * seconds)) };
}

/** Resident memory of a process in MB (VmRSS from /proc/<pid>/status; Linux only). */
export function rssMb(pid: number): number {
  return procMb(pid, 'VmRSS');
}

// ---------------------------------------------------------------------------------------------
// Load generation.

export interface LoadOptions {
  connections: number;
  pipelining: number;
  /** Measured run, seconds. */
  durationS: number;
  /** Uncounted run just before, seconds (JIT, caches, connection set-up); 0 for none. */
  warmupS: number;
}

export const DEFAULT_LOAD: LoadOptions = { connections: 50, pipelining: 1, durationS: 8, warmupS: 2 };

export interface LoadResult {
  url: string;
  /** Mean of the per-second samples. */
  reqPerSec: number;
  total: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  statusCodes: Record<string, number>;
  /** CPU the rest of the machine used during the measured run, % of one CPU (see withOtherCpu). */
  otherCpuPct: number | undefined;
  /** The server's CPU time (all its threads) per request of the measured run, µs; undefined without its pid. */
  serverCpuUsPerReq: number | undefined;
}

/** What each request of a load run sends: GET without a body unless told otherwise. */
export interface LoadRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as is with every request (set content-type in the headers). */
  body?: string;
}

/**
 * autocannon's sample interval. A run ends at the first sample after its duration: at its default
 * of a second, a turn of 0.67 s or a warm-up of 0.5 s lasted a whole second (a --quick run of
 * `me` spent half its time on rounding). Throughput is then what was answered over the run's
 * measured length, not the mean of per-second samples.
 */
const SAMPLE_MS = 100;

function cannon(url: string, headers: Record<string, string>, o: LoadOptions, durationS: number, req: LoadRequest): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: req.method ?? 'GET',
        headers,
        ...(req.body !== undefined ? { body: req.body } : {}),
        connections: o.connections,
        pipelining: o.pipelining,
        duration: durationS,
        sampleInt: SAMPLE_MS,
      },
      (err: unknown, result) => (err ? reject(err instanceof Error ? err : new Error('autocannon failed', { cause: err })) : resolve(result)),
    );
  });
}

/**
 * Warm-up run (not counted), then the measured run, with the same settings. `serverPid`: the
 * process under load, so that the CPU used by everything else during the run can be reported.
 * `req`: the method and body of every request (default: GET, no body).
 */
export async function load(
  url: string,
  headers: Record<string, string> = {},
  o: LoadOptions = DEFAULT_LOAD,
  serverPid?: number,
  req: LoadRequest = {},
): Promise<LoadResult> {
  const u = new URL(url);
  if (u.hostname !== LOOPBACK && u.hostname !== 'localhost') throw new BenchError(`refusing to load a non-loopback address: ${url}`);
  if (o.warmupS > 0) await cannon(url, headers, o, o.warmupS, req);
  const pids = serverPid === undefined ? [process.pid] : [process.pid, serverPid];
  const serverTicks = () => {
    try {
      return serverPid === undefined ? undefined : processTicks(serverPid);
    } catch {
      return undefined;
    }
  };
  const ticksBefore = serverTicks();
  const { result: r, otherCpuPct } = await withOtherCpu(pids, () => cannon(url, headers, o, o.durationS, req));
  const ticksAfter = serverTicks();
  // CPU time (1 tick = 10 ms) per answered request: steadier than req/s when other processes
  // share the machine, since it counts only what the server itself spent.
  const serverCpuUsPerReq =
    ticksBefore !== undefined && ticksAfter !== undefined && r.requests.total > 0 ? ((ticksAfter - ticksBefore) * 10_000) / r.requests.total : undefined;
  const statusCodes: Record<string, number> = {};
  for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = s.count ?? 0;
  return {
    url,
    reqPerSec: r.duration > 0 ? r.requests.total / r.duration : 0,
    total: r.requests.total,
    ok2xx: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    latencyMaxMs: r.latency.max,
    statusCodes,
    otherCpuPct,
    serverCpuUsPerReq,
  };
}

/** Throws if a load run got anything but 2xx answers, or none at all. */
export function assertAll2xx(name: string, r: LoadResult): void {
  if (r.ok2xx === 0 || r.non2xx > 0 || r.errors > 0) {
    throw new BenchError(
      `${name}: broken benchmark: ${r.ok2xx} 2xx, ${r.non2xx} non-2xx, ${r.errors} connection errors ` +
        `(${r.timeouts} timeouts); status codes ${JSON.stringify(r.statusCodes)}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Benchmarks: what one returns, and the shared context it gets (see run.ts).

export interface Target {
  op: '>=' | '<=';
  value: number;
}

export interface Figure {
  /** Stable machine name (the BENCH_JSON key). */
  key: string;
  label: string;
  value: number;
  unit: string;
  decimals?: number;
  target?: Target;
  /** A measure of interference (other processes): high values make the run untrustworthy. */
  noise?: boolean;
  /**
   * The least (or most) a figure may be before the run FAILS, in every run, --quick included
   * (P236): about half its target, far enough from it that a loaded CI machine stays above, near
   * enough that a regression like issue 41's (0.55 → 0.39 of bare) is caught.
   */
  floor?: Target & {
    /** The value judged against the floor when not the figure's own (e.g. the better of two same-run measures). */
    judged?: number;
  };
  /**
   * The key of the figure this one is measured against (same unit): BENCH_JSON carries its
   * value and the ratio value ÷ baseline beside this figure.
   */
  baseline?: string;
}

export interface Benchmark {
  name: string;
  description: string;
  needs?: string[];
  run(ctx: BenchContext): Promise<Figure[]>;
}

export interface RealServer {
  child: Child;
  baseUrl: string;
  /** Key of the dealership `bench` (market ar). */
  key: string;
  startupMs: number;
  rssAtStartMb: number;
}

export interface BareServer {
  child: Child;
  baseUrl: string;
}

export interface BenchContext {
  tmpDir: string;
  loadOptions: LoadOptions;
  pinning: Pinning | undefined;
  /** Short mode (`--quick`, P42): smaller datasets and fewer rounds; CI runs it. */
  quick: boolean;
  /** The real server (dist/server.js), default configuration (info logs to a file), started once on first use. */
  real(): Promise<RealServer>;
  /** The same server on the same store with logging off (LOG_LEVEL=silent): the `_nolog` figures. */
  realNoLog(): Promise<RealServer>;
  /** The bare Fastify baseline, started once on first use. */
  bare(): Promise<BareServer>;
  /**
   * A new dealership (market ar, no city) in the real server's store, made with the CLI like
   * `bench`; resolves with a key of it. Starts the real server if needed.
   */
  dealer(slug: string): Promise<string>;
  /** The baseline SQLite file, in this process, opened and migrated once on first use. */
  baseline(): Promise<BaselineDb>;
  /** A figure an earlier benchmark produced. */
  figure(key: string): number;
}

/** The "other CPU use" figure of a run: another workload on the machine skews the figures. */
export function noise(name: string, r: { otherCpuPct: number | undefined }): Figure[] {
  if (r.otherCpuPct === undefined) return [];
  return [{ key: `${name}_other_cpu_pct`, label: `other CPU use during the ${name} run`, value: r.otherCpuPct, unit: '% CPU', decimals: 0, noise: true }];
}

/** The median of a non-empty list. */
export function median(values: number[]): number {
  if (values.length === 0) throw new BenchError('median of nothing');
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

// ---------------------------------------------------------------------------------------------
// One HTTP call, timed as the client sees it, and the check of its answer.

export interface Answer {
  status: number;
  text: string;
  /** Request sent → whole answer body received, on a kept-alive loopback connection. */
  ms: number;
}

export async function send(method: 'GET' | 'POST' | 'PUT', url: string, key?: string, body?: string): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (key !== undefined) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const t0 = performance.now();
  try {
    const res = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    return { status: res.status, text, ms: performance.now() - t0 };
  } catch (err) {
    throw new BenchError(`${method} ${url} failed: ${(err as Error).message}`);
  }
}

/** Parses the answer, throwing a BenchError unless it has `status` and `check` accepts its body. */
export function expectJson<T>(what: string, a: Answer, status: number, check: (body: T) => boolean = () => true): T {
  const excerpt = () => (a.text.length > 800 ? `${a.text.slice(0, 800)}…` : a.text);
  if (a.status !== status) throw new BenchError(`${what}: expected ${status}, got ${a.status}: ${excerpt()}`);
  let body: T;
  try {
    body = JSON.parse(a.text) as T;
  } catch {
    throw new BenchError(`${what}: the answer is not JSON: ${excerpt()}`);
  }
  if (!check(body)) throw new BenchError(`${what}: unexpected answer: ${excerpt()}`);
  return body;
}

/** Models of catalog-data.json, each with a year it was made in (cars the benchmarks send). */
export const MODELS = [
  { brand: 'Volkswagen', model: 'Gol', year: 2015 },
  { brand: 'Volkswagen', model: 'Polo', year: 2019 },
  { brand: 'Toyota', model: 'Corolla', year: 2018 },
  { brand: 'Fiat', model: 'Cronos', year: 2020 },
  { brand: 'Ford', model: 'Ka', year: 2017 },
] as const;

/** A real server of a benchmark's own (its own store and data directory, on the servers' CPU). */
export interface OwnServer {
  child: Child;
  baseUrl: string;
  /** Its env: the CLI reaches the same store with it. */
  env: NodeJS.ProcessEnv;
  cli: string;
}

/**
 * Starts dist/server.js on a fresh SQLite store in `<tmpDir>/<name>` (migrated by the CLI first),
 * with the benchmark's settings over sensible defaults; resolves once /health answers.
 */
export async function startOwnServer(
  ctx: BenchContext,
  root: string,
  name: string,
  extra: Record<string, string> = {},
  startTimeoutMs = 15_000,
): Promise<OwnServer> {
  const dir = path.join(ctx.tmpDir, name);
  fs.mkdirSync(dir, { recursive: true });
  const { server, cli } = distFiles(root);
  const port = await freePort();
  const baseUrl = `http://${LOOPBACK}:${port}`;
  const env = serverEnv(port, `sqlite:${path.join(dir, `${name}.db`)}`, dir, { LOG_LEVEL: serverLogLevel(), ...extra });
  await runCommand(process.execPath, [cli, 'dealers', 'list', '--json'], env);
  const child = startChild(...onServerCpu(ctx.pinning, process.execPath, [...serverNodeArgs(root), server]), env, dir, path.join(dir, `${name}.log`));
  await waitForHttp(`${baseUrl}/health`, child, { intervalMs: 20, timeoutMs: startTimeoutMs });
  return { child, baseUrl, env, cli };
}

/**
 * The env of a server process a benchmark starts: on `port` of the loopback address (its
 * PUBLIC_BASE_URL too, so photo URLs in answers point at it), its store and data directory, and
 * a rate limit no load reaches; then `extra` (LOG_LEVEL among them).
 */
export function serverEnv(port: number, databaseUrl: string, dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  return childEnv({
    PORT: String(port),
    HOST: LOOPBACK,
    PUBLIC_BASE_URL: `http://${LOOPBACK}:${port}`,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '1000000000',
    ...extra,
  });
}

/**
 * Starts bench/photo-server.mjs (the dealers' photo host, `bases` base images) on a free port,
 * run by `place`; `ready()` resolves once it has made its images (a few seconds on one CPU), so
 * a server can start meanwhile.
 */
export async function startPhotoSource(
  root: string,
  bases: number,
  place: (command: string, args: string[]) => [string, string[]] = (command, args) => [command, args],
): Promise<{ child: Child; url: string; ready(): Promise<number> }> {
  const port = await freePort();
  const url = `http://${LOOPBACK}:${port}`;
  const child = startChild(
    ...place(process.execPath, [path.join(root, 'bench/photo-server.mjs')]),
    childEnv({ PORT: String(port), HOST: LOOPBACK, PHOTO_BASES: String(bases) }),
    root,
  );
  return { child, url, ready: () => waitForHttp(`${url}/__health`, child, { intervalMs: 50, timeoutMs: 60_000 }) };
}

// ---------------------------------------------------------------------------------------------
// Throughput in turns (P41): the real server (info logs to a file), its twin with logging off
// and the bare route each loaded in short runs, taking turns (the first of each round
// rotating), so load from other processes on a shared machine falls on all three alike and
// the ratios compare like with like. Each figure is the median of its runs.

const TURNS = 3;

export interface ThroughputSpec {
  /** Figure keys start with it: `<name>_rps`, `<name>_nolog_rps`, `<name>_bare_rps`, … */
  name: string;
  /** What is requested, in labels ("GET /v1/me"). */
  label: string;
  path: string;
  /** The key sent (default: the key of `bench`). */
  key?: string;
  /** Checks the answer of one probe call on each real server. */
  check: (body: unknown) => boolean;
  /** Minimum share of the bare route, in %, judged with the default configuration only. */
  target?: number;
}

/**
 * A turn's warm-up: the first warms the server up (the whole warm-up); later ones only re-open
 * their connections, half of it and at most 0.5 s (0.25 s in --quick's 0.5 s warm-up).
 */
export const turnWarmupS = (o: LoadOptions, turn: number): number => (turn === 0 ? o.warmupS : Math.min(0.5, o.warmupS / 2));

export async function throughput(ctx: BenchContext, spec: ThroughputSpec): Promise<Figure[]> {
  const info = await ctx.real();
  const nolog = await ctx.realNoLog();
  const bare = await ctx.bare();
  const headers = { authorization: `Bearer ${spec.key ?? info.key}` };
  for (const s of [info, nolog]) {
    const probe = await httpGet(`${s.baseUrl}${spec.path}`, headers);
    expectJson(`GET ${spec.path}`, { ...probe, text: probe.body, ms: 0 }, 200, spec.check);
  }
  const runs = [
    { suffix: '', url: `${info.baseUrl}${spec.path}`, headers, pid: info.child.pid, got: [] as LoadResult[] },
    { suffix: '_nolog', url: `${nolog.baseUrl}${spec.path}`, headers, pid: nolog.child.pid, got: [] as LoadResult[] },
    { suffix: '_bare', url: `${bare.baseUrl}/`, headers: {}, pid: bare.child.pid, got: [] as LoadResult[] },
  ];
  const o = ctx.loadOptions;
  for (let turn = 0; turn < TURNS; turn++) {
    const order = [...runs.slice(turn % runs.length), ...runs.slice(0, turn % runs.length)];
    for (const r of order) {
      const result = await load(r.url, r.headers, { ...o, durationS: o.durationS / TURNS, warmupS: turnWarmupS(o, turn) }, r.pid);
      assertAll2xx(`${r.url} (turn ${turn})`, result);
      r.got.push(result);
    }
  }
  const rps = (r: (typeof runs)[number]) => median(r.got.map((g) => g.reqPerSec));
  const bareRps = rps(runs[2]!);
  const out: Figure[] = [
    {
      key: `${spec.name}_bare_rps`,
      label: `bare Fastify GET / throughput, in turns with ${spec.label}`,
      value: bareRps,
      unit: 'req/s',
      decimals: 0,
    },
  ];
  for (const r of runs.slice(0, 2)) {
    const how = r.suffix ? ', logging off' : ', info logs to a file';
    const value = rps(r);
    out.push(
      { key: `${spec.name}${r.suffix}_rps`, label: `${spec.label} throughput${how}`, value, unit: 'req/s', decimals: 0, baseline: `${spec.name}_bare_rps` },
      {
        key: `${spec.name}${r.suffix}_p99_ms`,
        label: `${spec.label} p99 latency${how}`,
        value: median(r.got.map((g) => g.latencyP99Ms)),
        unit: 'ms',
        decimals: 1,
      },
      {
        key: `${spec.name}${r.suffix}_ratio_pct`,
        label: `${spec.label} ÷ bare${how}`,
        value: (100 * value) / bareRps,
        unit: '%',
        decimals: 1,
        ...(spec.target !== undefined && !r.suffix ? { target: { op: '>=' as const, value: spec.target } } : {}),
      },
    );
  }
  // The same comparison in server CPU time per request: what each server spent, whatever else
  // ran on the machine (throughput falls with other load; CPU per request much less).
  const cpu = (r: (typeof runs)[number]) => median(r.got.map((g) => g.serverCpuUsPerReq ?? NaN));
  const bareCpu = cpu(runs[2]!);
  if (Number.isFinite(bareCpu) && bareCpu > 0) {
    out.push({ key: `${spec.name}_bare_cpu_us`, label: 'bare Fastify GET / server CPU per request', value: bareCpu, unit: 'µs', decimals: 1 });
    for (const r of runs.slice(0, 2)) {
      const how = r.suffix ? ', logging off' : ', info logs to a file';
      const value = cpu(r);
      out.push(
        {
          key: `${spec.name}${r.suffix}_cpu_us`,
          label: `${spec.label} server CPU per request${how}`,
          value,
          unit: 'µs',
          decimals: 1,
          baseline: `${spec.name}_bare_cpu_us`,
        },
        {
          key: `${spec.name}${r.suffix}_cpu_ratio_pct`,
          label: `${spec.label}: bare's CPU per request ÷ its own${how}`,
          value: (100 * bareCpu) / value,
          unit: '%',
          decimals: 1,
        },
      );
    }
  }
  // The floor every run enforces (P236): half the target, judged on the better of the two
  // same-run ratios (throughput, CPU per request), so other load on a CI machine, which lowers
  // one or the other, does not fail the run, while a regression, which lowers both, does.
  const judged = out.find((f) => f.key === `${spec.name}_ratio_pct`);
  if (judged?.target) {
    const cpuRatio = out.find((f) => f.key === `${spec.name}_cpu_ratio_pct`)?.value;
    judged.floor = {
      op: '>=',
      value: judged.target.value / 2,
      judged: Math.max(judged.value, cpuRatio !== undefined && Number.isFinite(cpuRatio) ? cpuRatio : 0),
    };
  }
  const others = runs.flatMap((r) => r.got.map((g) => g.otherCpuPct)).filter((v): v is number => v !== undefined);
  if (others.length) out.push(...noise(spec.name, { otherCpuPct: Math.max(...others) }));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Shared by the photo and scale benchmarks: settings, figures, cars, a latency probe, /proc.

/** A whole number ≥ `min` from the environment variable `name`, else `def`. */
export function envInt(name: string, def: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return def;
  if (!/^\d+$/.test(raw) || Number(raw) < min) throw new BenchError(`${name} must be a whole number ≥ ${min} (got "${raw}")`);
  return Number(raw);
}

export const fig = (key: string, label: string, value: number, unit: string, decimals: number, target?: Figure['target'], floor?: Figure['floor']): Figure => ({
  key,
  label,
  value,
  unit,
  decimals,
  ...(target ? { target } : {}),
  ...(floor ? { floor } : {}),
});

/** A valid car for market ar with its stock ID; `i` varies the model, price and mileage a little. */
export function benchCar(externalId: string, i: number, photos: string[]) {
  const m = MODELS[i % MODELS.length]!;
  return {
    external_id: externalId,
    ...aCar({
      brand: m.brand,
      model: m.model,
      year: m.year,
      price: 5_500_000 + (i % 50) * 10_000,
      mileage: 98_000 + (i % 97) * 1_000,
      fuel: 'gasoline',
      photos,
    }),
  };
}

/** The p-th percentile of ascending `sorted` (nearest rank). */
export const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/**
 * GET /v1/me one call at a time on one kept-alive connection, a call started every `everyMs`
 * at most, until stopped; resolves with each call's latency. Any non-200 fails.
 */
export function meStream(url: string, key: string, everyMs: number): { count(): number; stop(): Promise<number[]> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let stopped = false;
  let failure: Error | undefined;
  const one = () =>
    new Promise<number>((resolve, reject) => {
      const t0 = performance.now();
      const req = http.get(url, { agent, headers: { authorization: `Bearer ${key}` }, timeout: 10_000 }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - t0) : reject(new BenchError(`GET /v1/me answered ${res.statusCode}`))));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new BenchError('GET /v1/me timed out (10 s)')));
      req.on('error', reject);
    });
  // A named function rather than an IIFE: TypeScript reads an IIFE's body inline, where `stopped` would still be false.
  const poll = async () => {
    while (!stopped) {
      const t0 = performance.now();
      latencies.push(await one());
      const wait = everyMs - (performance.now() - t0);
      if (wait > 0) await sleep(wait);
    }
  };
  const done = poll().catch((err: unknown) => {
    failure = err instanceof Error ? err : new Error(String(err)); // reported by stop(), not as an unhandled rejection
  });
  return {
    count: () => latencies.length,
    async stop() {
      stopped = true;
      await done;
      agent.destroy();
      if (failure) throw failure;
      return latencies;
    },
  };
}

/** A line of /proc/<pid>/status in MB (VmRSS: now; VmHWM: the peak since the process started). */
export function procMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new BenchError(`no ${field} in /proc/${pid}/status`);
  return Number(m[1]) / 1024;
}

/** CPU ticks (1/100 s) of the main thread (the event loop: HTTP, JSON, SQLite) of a process. */
export function mainThreadTicks(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

// ---------------------------------------------------------------------------------------------
// Loads in turns against baselines of one's own (issue 41 §2): each run loaded TURNS times, the
// first of each round rotating, as throughput() does for the bare route.

export interface TurnRun {
  name: string;
  url: string;
  headers: Record<string, string>;
  pid: number;
  got: LoadResult[];
}

export async function loadInTurns(ctx: BenchContext, runs: TurnRun[], connections = ctx.loadOptions.connections): Promise<void> {
  // A turn lasts at least a second: requests of a few ms each under other load need that to answer at all.
  const o = { ...ctx.loadOptions, connections, durationS: Math.max(ctx.loadOptions.durationS, TURNS) };
  for (let turn = 0; turn < TURNS; turn++) {
    for (const r of [...runs.slice(turn % runs.length), ...runs.slice(0, turn % runs.length)]) {
      const got = await load(r.url, r.headers, { ...o, durationS: o.durationS / TURNS, warmupS: turnWarmupS(o, turn) }, r.pid);
      assertAll2xx(`${r.url} (turn ${turn})`, got);
      r.got.push(got);
    }
  }
}

export const medianRps = (r: TurnRun): number => median(r.got.map((g) => g.reqPerSec));
export const medianCpuUs = (r: TurnRun): number => median(r.got.map((g) => g.serverCpuUsPerReq ?? NaN));

/**
 * bench/bare-list-server.ts on the real server's SQLite file, for one dealership: `schema`
 * answers through the service's response schema (fast-json-stringify), `json` with JSON.stringify.
 */
export async function startBareList(
  ctx: BenchContext,
  root: string,
  dealerSlug: string,
  serializer: 'schema' | 'json',
  pathQ: string,
): Promise<{ child: Child; url: string }> {
  const dbFile = path.join(ctx.tmpDir, 'bench.db');
  const db = new Database(dbFile, { readonly: true });
  const dealer = db.prepare('select id from dealers where slug = ?').get(dealerSlug) as { id: number } | undefined;
  db.close();
  if (!dealer) throw new BenchError(`the dealership ${dealerSlug} is not in the store`);
  const port = await freePort();
  const url = `http://${LOOPBACK}:${port}${pathQ}`;
  const env = childEnv({
    PORT: String(port),
    HOST: LOOPBACK,
    DB_FILE: dbFile,
    DEALER_ID: String(dealer.id),
    PUBLIC_BASE_URL: 'http://127.0.0.1:3000',
    SERIALIZER: serializer,
  });
  const child = startChild(...onServerCpu(ctx.pinning, process.execPath, ['--import', 'tsx', path.join(root, 'bench/bare-list-server.ts')]), env, root);
  await waitForHttp(url, child, { intervalMs: 20, timeoutMs: 30_000 });
  return { child, url };
}
