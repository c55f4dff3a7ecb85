// Where photos are decoded and encoded (P46): in one child process at a lower CPU priority
// (image-worker.ts), at most `concurrency` photos at once, one libvips thread each. The API's
// process keeps its event loop and its libuv threads for requests, and the kernel gives the API
// the CPU first when both want it; an idle CPU still goes to the photos. A photo that crashes
// the image process (a libvips bug) fails that try alone: the process is started again.
// With the local store, the image process also hashes the photo and writes both copies itself
// (P58): only their sizes come back, and the server's main thread never holds them.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Msg } from '../../core/i18n/index.js';
import { KeyedLimit } from '../../core/keyed-limit.js';
import type { ImageFormat } from './url.js';
import { ImageRejected, type ExtraCopy } from './image.js';
import type { PhotoChecks } from './checks.js';

/** A photo checked by the image process. */
export interface WorkedImage {
  format: ImageFormat;
  width: number;
  height: number;
  /** The SHA-256 of the downloaded bytes: the stored files' name (storage.ts). */
  fileId: string;
  /** The narrower widths made beside the display copy (P88). */
  widths: number[];
  /** D43's checks (checks.ts). */
  checks: PhotoChecks;
}
/** … with every copy to store (image.ts). */
export interface ImageCopies extends WorkedImage {
  original: Buffer;
  display: Buffer;
  extra: ExtraCopy[];
}

export interface ImageRequest {
  id: number;
  bytes: Uint8Array;
  /** The local store's DATA_DIR: the image process writes both copies there and sends back neither. */
  storeIn?: string;
  /** A dealership's logo (P132): its one small copy is made and sent back (image.ts processLogo). */
  logo?: true;
}

/** A logo made by the image process: its WebP, its size, and its file id (a hash of that WebP). */
interface WorkedLogo {
  fileId: string;
  width: number;
  height: number;
  data: Buffer;
}
export type ImageReply =
  | {
      id: number;
      kind: 'done';
      image: WorkedImage & { original?: Uint8Array; display?: Uint8Array; extra?: { variant: ExtraCopy['variant']; ext: string; data: Uint8Array }[] };
    }
  | { id: number; kind: 'logo'; logo: Omit<WorkedLogo, 'data'> & { data: Uint8Array } }
  | { id: number; kind: 'rejected'; text: Msg }
  | { id: number; kind: 'failed'; message: string };

/** The image process's priority: 10 of 19 steps below the server's (`nice -n 10`). */
const NICENESS = 10;
/** An image process without work ends after this long (sharp's memory is given back). */
const IDLE_MS = 30_000;

/**
 * In the esbuild bundle this code is inside dist/server.js and the image process is
 * dist/photo-image-worker.js beside it (scripts/build.mjs); under tsx (tests, `npm run dev`)
 * it is image-worker.ts, run with tsx's loader.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_PATH = fileURLToPath(FROM_SOURCE ? new URL('./image-worker.ts', import.meta.url) : new URL('./photo-image-worker.js', import.meta.url));
const WORKER_ENV = ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'TZ', 'LANG', 'LC_ALL', 'NODE_ENV', 'SYSTEMROOT'];

interface Pending {
  resolve: (image: (WorkedImage & { original?: Buffer; display?: Buffer; extra?: ExtraCopy[] }) | WorkedLogo) => void;
  reject: (err: Error) => void;
}

export class ImageWork {
  private readonly limit: KeyedLimit;
  private child: ChildProcess | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly concurrency: number,
    /** IMAGE_IDLE_POLICY (P258). */
    readonly idlePolicy = false,
  ) {
    // Twice as many photos are handed over as are worked on: the image process starts its next
    // photo as soon as one is done, without waiting for this (busier) process to send one.
    this.limit = new KeyedLimit(concurrency * 2);
  }

  /** Checks `bytes` and makes both stored copies (image.ts) in the image process. */
  process(bytes: Buffer): Promise<ImageCopies> {
    return this.limit.run('image', () => this.send(bytes, undefined)) as Promise<ImageCopies>;
  }

  /**
   * As `process`, the copies then written by the image process to the local store of `dataDir`
   * (local-storage.ts, the same files and atomic renames); a failed write rejects as any error.
   */
  processInto(bytes: Buffer, dataDir: string): Promise<WorkedImage> {
    return this.limit.run('image', () => this.send(bytes, dataDir)) as Promise<WorkedImage>;
  }

  /** Checks `bytes` as any photo and makes a dealership's logo (P132) in the image process; the caller stores it. */
  processLogo(bytes: Buffer): Promise<WorkedLogo> {
    return this.limit.run('image', () => this.send(bytes, undefined, true)) as Promise<WorkedLogo>;
  }

  /** The image process's id while it runs (tests end it to see a crash handled). */
  pid(): number | undefined {
    return this.child?.pid;
  }

  /** Ends the image process now; photos in flight fail this try (and are retried). */
  close(): void {
    if (this.child) this.ended(this.child, 'the image process was stopped');
  }

  private send(
    bytes: Buffer,
    storeIn: string | undefined,
    logo = false,
  ): Promise<(WorkedImage & { original?: Buffer; display?: Buffer; extra?: ExtraCopy[] }) | WorkedLogo> {
    const child = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const req: ImageRequest = logo ? { id, bytes, logo: true } : storeIn === undefined ? { id, bytes } : { id, bytes, storeIn };
      child.send(req, (err) => {
        if (err) this.ended(child, `the image process could not be reached (${err.message})`);
      });
    });
  }

  private start(): ChildProcess {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (this.child) {
      ref(this.child, true);
      return this.child;
    }
    const execArgv = process.execArgv.includes('--enable-source-maps') ? ['--enable-source-maps'] : [];
    if (FROM_SOURCE) execArgv.unshift('--import', import.meta.resolve('tsx'));
    // Only what a Node process needs: the image process never sees the server's secrets.
    // libuv's pool runs the sharp pipelines: one thread per photo at once, and no fewer than 4.
    // glibc's malloc keeps an arena per thread that libvips ever ran on, and gives little back:
    // two arenas hold the process's memory to what its photos need.
    const env: NodeJS.ProcessEnv = { UV_THREADPOOL_SIZE: String(Math.max(4, this.concurrency)), MALLOC_ARENA_MAX: '2' };
    for (const name of WORKER_ENV) if (process.env[name] !== undefined) env[name] = process.env[name];
    const child = fork(WORKER_PATH, [String(NICENESS), String(this.concurrency), this.idlePolicy ? 'idle' : 'normal'], {
      execArgv,
      env,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    this.child = child;
    child.on('message', (m: ImageReply) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.kind === 'done') {
        const { original, display, extra, ...worked } = m.image;
        p.resolve(
          original && display
            ? { ...worked, original: asBuffer(original), display: asBuffer(display), extra: (extra ?? []).map((c) => ({ ...c, data: asBuffer(c.data) })) }
            : worked,
        );
      } else if (m.kind === 'logo') p.resolve({ ...m.logo, data: asBuffer(m.logo.data) });
      else if (m.kind === 'rejected') p.reject(new ImageRejected(m.text));
      else p.reject(new Error(m.message));
      if (this.pending.size === 0) this.idle(child);
    });
    child.on('error', (err) => this.ended(child, `the image process failed (${err.message})`));
    child.on('exit', (code, signal) => this.ended(child, `the image process ended (${signal ?? `exit code ${code}`})`));
    return child;
  }

  /** An idle image process keeps neither the server nor a test running, and ends after IDLE_MS. */
  private idle(child: ChildProcess): void {
    ref(child, false);
    this.idleTimer = setTimeout(() => this.ended(child, 'idle'), IDLE_MS);
    this.idleTimer.unref();
  }

  private ended(child: ChildProcess, reason: string): void {
    if (this.child !== child) return;
    this.child = undefined;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    ref(child, false);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    const failed = [...this.pending.values()];
    this.pending.clear();
    for (const p of failed) p.reject(new Error(reason));
  }
}

/** Buffers come back from the IPC channel as plain Uint8Arrays. */
const asBuffer = (u: Uint8Array): Buffer => (Buffer.isBuffer(u) ? u : Buffer.from(u.buffer, u.byteOffset, u.byteLength));

function ref(child: ChildProcess, on: boolean): void {
  const channel = child.channel as { ref(): void; unref(): void } | undefined;
  if (on) {
    child.ref();
    channel?.ref();
  } else {
    child.unref();
    channel?.unref();
  }
}
