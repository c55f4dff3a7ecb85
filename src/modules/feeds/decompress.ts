// Pulled feeds as providers serve them (D17): a gzip file (`stock.csv.gz`) or a zip archive
// holding the one feed file is unpacked before it is read; an .xlsx workbook (itself a zip) is
// passed on as it is. The unpacked file is bounded by the same 10 MB as any feed (FEED_MAX_BYTES,
// D15): inflating stops at the bound, so a gzip or zip bomb is refused, never inflated.
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { FEED_MAX_BYTES } from './limits.js';
import { inflateChecked, readZipDirectory } from './parse/zip.js';
import { UnreadableFeedError } from './parse/types.js';
import { msg } from '../../core/i18n/index.js';

const gunzipAsync = promisify(gunzip);
const isGzip = (b: Buffer) => b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;
const isZip = (b: Buffer) => b.length >= 4 && b.readUInt32LE(0) === 0x04034b50;
const mb = FEED_MAX_BYTES / 1024 / 1024;

export interface FeedBody {
  body: Buffer;
  filename?: string;
}

/** The feed file inside a gzip or zip body, or the body unchanged. Throws UnreadableFeedError. */
export async function unpackFeedBody(body: Buffer, filename?: string): Promise<FeedBody> {
  if (isGzip(body)) {
    let out: Buffer;
    try {
      out = await gunzipAsync(body, { maxOutputLength: FEED_MAX_BYTES });
    } catch (err) {
      const tooLarge = (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError;
      throw new UnreadableFeedError(tooLarge ? msg('gzip_too_large', { mb }) : msg('gzip_corrupt'));
    }
    return { body: out, filename: filename?.replace(/\.gz$/i, '') };
  }
  if (isZip(body)) return unzipFeed(body, filename);
  return { body, filename };
}

/** The zip reader's refusal (parse/zip.ts says it of a workbook) said of the zip file. */
function ofZipFile(err: UnreadableFeedError): UnreadableFeedError {
  const t = err.text;
  if (t.code !== 'zip_refused' && t.code !== 'zip_broken') return err;
  return new UnreadableFeedError({ code: t.code, params: { ...t.params, container: 'zip' } });
}

async function unzipFeed(body: Buffer, filename?: string): Promise<FeedBody> {
  let entries;
  try {
    entries = readZipDirectory(body);
  } catch (err) {
    if (err instanceof UnreadableFeedError) throw ofZipFile(err);
    throw err;
  }
  // A workbook is read by the .xlsx reader, which has its own bounds (parse/zip.ts).
  if (entries.some((e) => e.name === '[Content_Types].xml' || e.name.startsWith('xl/'))) return { body, filename };
  const files = entries.filter((e) => !e.name.endsWith('/') && !e.name.startsWith('__MACOSX/') && !/(^|\/)\./.test(e.name));
  if (files.length !== 1) {
    throw new UnreadableFeedError(msg('zip_file_count', { count: files.length }));
  }
  const entry = files[0]!;
  if (entry.size > FEED_MAX_BYTES) {
    throw new UnreadableFeedError(msg('zip_entry_too_large', { name: entry.name.slice(0, 80), mb }));
  }
  // Inflating stops past the declared size, itself within the bound: a lying directory cannot grow it.
  const out = await inflateChecked(body, entry, FEED_MAX_BYTES).catch((err: unknown) => {
    throw err instanceof UnreadableFeedError ? ofZipFile(err) : err;
  });
  return { body: out, filename: entry.name.split('/').pop() || filename };
}
