// An .xlsx workbook is a zip archive. Before any of it is inflated by exceljs, its central
// directory is read here and the archive refused when it could blow up memory: too many entries,
// an entry or the whole over a size bound, an absurd compression ratio (zip bomb), unsafe names
// (zip slip). The entries exceljs will read are then inflated once, counting bytes and stopping
// at the bound, because a directory can lie about sizes.
import { createInflateRaw } from 'node:zlib';
import { msg, type Msg } from '../../../core/i18n/index.js';
import { UnreadableFeedError } from './types.js';

export const ZIP_LIMITS = {
  entries: 1000,
  /** One entry inflated (a worksheet of a 10 MB workbook is well under this). */
  entryBytes: 128 * 1024 * 1024,
  /** All entries inflated. */
  totalBytes: 160 * 1024 * 1024,
  /** Inflated / compressed, for entries over 1 MB: XML compresses 5–30 times, bombs 1000 times. */
  ratio: 100,
  /**
   * The shared strings table is held whole in memory while the sheet streams: 48 MB of it is
   * five times what a 30 000-car workbook needs (a 10 MB file could otherwise carry ~100 MB).
   */
  sharedStringsBytes: 48 * 1024 * 1024,
};

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  /** Where the entry's local header starts. */
  offset: number;
  /** Where the entry's bytes (local header, data, descriptor) end: the next entry or the directory. */
  end: number;
}

// Said of a workbook; decompress.ts says them of a zip file (`container`).
const refuse = (why: Msg) => new UnreadableFeedError(msg('zip_refused', { container: 'xlsx', why }));
const broken = (why: Msg) => new UnreadableFeedError(msg('zip_broken', { container: 'xlsx', why }));

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The central directory's entries, checked against ZIP_LIMITS; throws UnreadableFeedError. */
export function readZipDirectory(buf: Buffer): ZipEntry[] {
  const eocd = findEocd(buf);
  let count = buf.readUInt16LE(eocd + 10);
  let dirSize = buf.readUInt32LE(eocd + 12);
  let dirOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
    const loc = eocd - 20;
    if (loc < 0 || buf.readUInt32LE(loc) !== EOCD64_LOCATOR) throw broken(msg('zip_why_zip64_missing'));
    const at = safeNumber(buf.readBigUInt64LE(loc + 8));
    if (at + 56 > buf.length || buf.readUInt32LE(at) !== EOCD64) throw broken(msg('zip_why_zip64_broken'));
    count = safeNumber(buf.readBigUInt64LE(at + 32));
    dirSize = safeNumber(buf.readBigUInt64LE(at + 40));
    dirOffset = safeNumber(buf.readBigUInt64LE(at + 48));
  }
  if (count > ZIP_LIMITS.entries) throw refuse(msg('zip_why_too_many_files', { count, max: ZIP_LIMITS.entries }));
  if (dirOffset + dirSize > buf.length) throw broken(msg('zip_why_dir_outside'));

  const entries: ZipEntry[] = [];
  let total = 0;
  let p = dirOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw broken(msg('zip_why_dir_broken'));
    const method = buf.readUInt16LE(p + 10);
    let compressedSize = buf.readUInt32LE(p + 20);
    let size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    let offset = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    const zip64 = readZip64Extra(buf.subarray(p + 46 + nameLen, p + 46 + nameLen + extraLen), size, compressedSize, offset);
    ({ size, compressedSize, offset } = zip64);
    p += 46 + nameLen + extraLen + commentLen;

    if (unsafeName(name)) throw refuse(msg('zip_why_unsafe_name', { name: name.slice(0, 80) }));
    if (method !== 0 && method !== 8) throw refuse(msg('zip_why_method', { method }));
    if (size > ZIP_LIMITS.entryBytes) throw refuse(msg('zip_why_entry_too_big', { name: name.slice(0, 80), size: mb(size), max: mb(ZIP_LIMITS.entryBytes) }));
    if (size > 1024 * 1024 && size > compressedSize * ZIP_LIMITS.ratio)
      throw refuse(msg('zip_why_ratio', { name: name.slice(0, 80), ratio: Math.round(size / Math.max(1, compressedSize)) }));
    total += size;
    if (total > ZIP_LIMITS.totalBytes) throw refuse(msg('zip_why_total_too_big', { max: mb(ZIP_LIMITS.totalBytes) }));
    if (offset + 30 > dirOffset || buf.readUInt32LE(offset) !== LOCAL) throw broken(msg('zip_why_entry_missing', { name: name.slice(0, 80) }));
    entries.push({ name, method, compressedSize, size, offset, end: 0 });
  }
  // Each entry's bytes run to the next entry's header (or the directory).
  const starts = [...new Set(entries.map((e) => e.offset))].sort((a, b) => a - b);
  for (const e of entries) {
    const next = starts.find((s) => s > e.offset);
    e.end = next ?? dirOffset;
  }
  return entries;
}

function findEocd(buf: Buffer): number {
  const min = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === EOCD) return i;
  }
  throw broken(msg('zip_why_incomplete'));
}

function readZip64Extra(extra: Buffer, size: number, compressedSize: number, offset: number) {
  const out = { size, compressedSize, offset };
  for (let q = 0; q + 4 <= extra.length;) {
    const id = extra.readUInt16LE(q);
    const len = extra.readUInt16LE(q + 2);
    if (id === 0x0001) {
      let r = q + 4;
      const take = () => {
        if (r + 8 > q + 4 + len) throw broken(msg('zip_why_zip64_sizes'));
        const v = safeNumber(extra.readBigUInt64LE(r));
        r += 8;
        return v;
      };
      if (size === 0xffffffff) out.size = take();
      if (compressedSize === 0xffffffff) out.compressedSize = take();
      if (offset === 0xffffffff) out.offset = take();
    }
    q += 4 + len;
  }
  return out;
}

function safeNumber(v: bigint): number {
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw refuse(msg('zip_why_impossible_sizes'));
  return Number(v);
}

/** Absolute paths, drive letters, `..` segments, NUL or backslashes: zip slip. */
function unsafeName(name: string): boolean {
  if (name === '' || name.includes('\0') || name.includes('\\')) return true;
  if (name.startsWith('/') || /^[a-z]:/i.test(name)) return true;
  return name.split('/').some((seg) => seg === '..');
}

/** Megabytes, rounded (the unit is the text's). */
const mb = (n: number) => Math.round(n / 1024 / 1024);

/** The entry's compressed data, after its local header. */
function entryData(buf: Buffer, e: ZipEntry): Buffer {
  const nameLen = buf.readUInt16LE(e.offset + 26);
  const extraLen = buf.readUInt16LE(e.offset + 28);
  const start = e.offset + 30 + nameLen + extraLen;
  if (start + e.compressedSize > buf.length) throw broken(msg('zip_why_entry_cut', { name: e.name.slice(0, 80) }));
  return buf.subarray(start, start + e.compressedSize);
}

/**
 * Inflates an entry, keeping at most `keep` bytes of it (0: count only) and stopping as soon as
 * it grows past the size its directory declared: a lying directory cannot make memory grow.
 */
export function inflateChecked(buf: Buffer, e: ZipEntry, keep: number): Promise<Buffer> {
  const data = entryData(buf, e);
  if (e.method === 0) return Promise.resolve(keep > 0 ? data.subarray(0, keep) : Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const z = createInflateRaw();
    const kept: Buffer[] = [];
    let seen = 0;
    let keptBytes = 0;
    z.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > e.size) {
        z.destroy();
        reject(refuse(msg('zip_why_inflates_more', { name: e.name.slice(0, 80) })));
        return;
      }
      if (keptBytes < keep) {
        kept.push(chunk.subarray(0, keep - keptBytes));
        keptBytes += Math.min(chunk.length, keep - keptBytes);
      }
    });
    z.on('error', () => reject(broken(msg('zip_why_entry_corrupt', { name: e.name.slice(0, 80) }))));
    z.on('end', () => resolve(Buffer.concat(kept)));
    z.end(data);
  });
}
