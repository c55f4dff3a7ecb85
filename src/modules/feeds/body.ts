// Reading a pushed feed file from the request stream, never holding more than the cap:
// a declared Content-Length over the cap is refused before reading; otherwise bytes are counted
// as they arrive (chunked bodies and lying lengths included) and reading stops at the cap.
// multipart/form-data: the part named `file` (busboy with limits); other parts are ignored.
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type Busboy from 'busboy';
import { ApiError } from '../../core/errors.js';
import { msg } from '../../core/i18n/index.js';
import { FEED_MAX_BYTES } from './limits.js';

export interface PushedFile {
  body: Buffer;
  contentType?: string;
  filename?: string;
  /** multipart only: the text fields sent beside the file (the panel's CSRF token). */
  fields?: Record<string, string>;
}

/** Room for multipart boundaries and part headers on top of the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

const tooLarge = () => new ApiError('payload_too_large', msg('feed_too_large', { mb: FEED_MAX_BYTES / (1024 * 1024) }));

/** Media types taken as a feed file (the parser tells the format; the type is a hint). */
const ACCEPTED = new Set([
  'text/csv',
  'text/tab-separated-values', // Google's and Meta's TSV feeds
  'application/csv',
  'text/plain',
  'application/json',
  'application/xml',
  'text/xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
  'multipart/form-data',
]);

function mediaType(contentType: string | undefined): string | undefined {
  const t = contentType?.split(';')[0]?.trim().toLowerCase();
  return t ? t : undefined;
}

/** 413 at once when the declared length is over the cap. */
function checkDeclaredLength(req: IncomingMessage, max: number): void {
  const declared = req.headers['content-length'];
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > max) throw tooLarge();
}

/**
 * Reads a whole stream into one Buffer, failing with 413 as soon as it passes `max` bytes.
 * With a declared length (≤ max) the bytes go straight into one buffer of that size, so the
 * body is never held twice; a body longer than declared falls back to collecting parts.
 */
export function readCapped(stream: Readable, max: number, declared?: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    let whole = declared !== undefined && declared > 0 && declared <= max ? Buffer.allocUnsafe(declared) : undefined;
    let done = false;
    const finish = (err: Error | null, value?: Buffer) => {
      if (done) return;
      done = true;
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      if (err) {
        // Stop reading: the rest is neither buffered nor waited for.
        stream.pause();
        reject(err);
      } else resolve(value!);
    };
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > max) {
        finish(tooLarge());
        return;
      }
      if (whole && size + chunk.length <= whole.length) chunk.copy(whole, size);
      else {
        if (whole) parts.push(whole.subarray(0, size));
        whole = undefined;
        parts.push(chunk);
      }
      size += chunk.length;
    };
    const onEnd = () => finish(null, whole ? whole.subarray(0, size) : Buffer.concat(parts, size));
    const onError = (err: Error) => finish(new ApiError('invalid_request', msg('body_unreadable', { detail: err.message })));
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}

/** The `file` part of a multipart/form-data body. */
async function readMultipart(req: IncomingMessage, stream: Readable, max: number): Promise<PushedFile> {
  // Loaded on the first multipart push: a process that never gets one does not pay for it.
  const { default: busboy } = await import('busboy');
  return new Promise((resolve, reject) => {
    let bb: Busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { files: 1, fileSize: max, fields: 20, fieldSize: 64 * 1024, parts: 40, headerPairs: 50 } });
    } catch (err) {
      reject(new ApiError('invalid_request', msg('multipart_unreadable', { detail: (err as Error).message })));
      return;
    }
    let file: PushedFile | undefined;
    const fields: Record<string, string> = {};
    let pending: Promise<void> | undefined;
    let failed = false;
    let raw = 0;
    const fail = (err: ApiError) => {
      if (failed) return;
      failed = true;
      stream.unpipe(bb);
      stream.pause();
      reject(err);
    };
    // Counts the raw bytes too, so that many small parts cannot add up past the cap.
    const onRaw = (chunk: Buffer) => {
      raw += chunk.length;
      if (raw > max + MULTIPART_OVERHEAD) {
        stream.off('data', onRaw);
        fail(tooLarge());
      }
    };
    stream.on('data', onRaw);
    bb.on('file', (name, part, info) => {
      if (name !== 'file' || file || pending) {
        part.resume();
        return;
      }
      const parts: Buffer[] = [];
      let size = 0;
      pending = new Promise<void>((done) => {
        part.on('data', (c: Buffer) => {
          size += c.length;
          parts.push(c);
        });
        part.on('limit', () => fail(tooLarge()));
        part.on('end', () => {
          if (!failed) file = { body: Buffer.concat(parts, size), contentType: info.mimeType, filename: info.filename };
          done();
        });
      });
    });
    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('error', (err: Error) => fail(new ApiError('invalid_request', msg('multipart_unreadable', { detail: err.message }))));
    bb.on('close', () => {
      void (pending ?? Promise.resolve()).then(() => {
        if (failed) return;
        stream.off('data', onRaw);
        if (!file) reject(new ApiError('invalid_request', msg('multipart_no_file')));
        else resolve({ ...file, fields });
      });
    });
    stream.on('error', (err) => fail(new ApiError('invalid_request', msg('body_unreadable', { detail: err.message }))));
    stream.pipe(bb);
  });
}

/** The pushed file: the whole body, or the `file` part of a multipart body. */
export async function readPushedFile(req: IncomingMessage, stream: Readable, max = FEED_MAX_BYTES): Promise<PushedFile> {
  const type = mediaType(req.headers['content-type']);
  if (type !== undefined && !ACCEPTED.has(type)) {
    throw new ApiError('invalid_request', msg('feed_media_type', { type }));
  }
  if (type === 'multipart/form-data') {
    checkDeclaredLength(req, max + MULTIPART_OVERHEAD);
    return readMultipart(req, stream, max);
  }
  checkDeclaredLength(req, max);
  const declared = Number(req.headers['content-length']);
  const body = await readCapped(stream, max, Number.isSafeInteger(declared) ? declared : undefined);
  return { body, ...(req.headers['content-type'] ? { contentType: req.headers['content-type'] } : {}) };
}
