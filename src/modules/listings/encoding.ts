// Compressed copies of a cached page: about a third of its size for browsers (which all send
// Accept-Encoding), made once per page and encoding, on first demand, never per request.
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (br over gzip), or undefined for the plain bytes. */
export function pickEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (typeof header !== 'string' || header === '') return undefined;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    if (params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/i.test(p))) continue; // q=0: refused
    const token = name!.trim().toLowerCase();
    if (token === 'br') return 'br';
    if (token === 'gzip') gzip = true;
  }
  return gzip ? 'gzip' : undefined;
}

/**
 * Brotli at quality 5 (P251): a car page is compressed again whenever the car's revision moves
 * (a family's re-rating moves many at once, D44), and quality 10 took ~20 ms of a page's CPU —
 * 56 % of the API processes' time in the marketplace replay. Quality 5 takes ~2 ms for ~10 % more
 * bytes (still a third of gzip -9's time per byte saved).
 */
export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : zlib.gzipSync(body, { level: 9 });
}
