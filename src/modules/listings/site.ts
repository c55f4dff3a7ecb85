// The buyers' site around the car pages (D36, P85): robots.txt, the sitemap, the favicon and the
// public host's home page. The sitemap is written as it is read: cars and dealerships come from
// the store in pages by a keyset cursor (id > last), so memory stays flat whatever the stock.
// Up to `pageSize` URLs (50 000, the protocol's limit) /sitemap.xml is itself the list; beyond,
// it is an index of files /sitemaps/cars-<after>.xml and /sitemaps/dealers-<after>.xml, each
// naming the rows after that id: stable addresses a crawler can fetch in any order.
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../core/db/schema.js';
import { textsOf, type Lang } from '../../core/i18n/index.js';
import { html } from '../../core/web/html.js';
import { listingUrl } from '../vehicles/serialize.js';
import { countSitemapRows, nthIdAfter, sitemapCars, sitemapDealers } from './repository.js';

/** The sitemap protocol's most URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Rows read from the store at once while a file is written. */
const READ_BATCH = 1000;

export const storefrontUrl = (publicBaseUrl: string, slug: string): string => `${publicBaseUrl}/dealers/${slug}`;

export const robotsTxt = (publicBaseUrl: string): string =>
  // The panel, the API, the buyer's form posts and the contact redirects (a crawler following
  // them is no buyer, P152) are not for crawlers; the pages are.
  `User-agent: *\nDisallow: /panel/\nDisallow: /v1/\nDisallow: /listings/*/thanks\nDisallow: /listings/*/contact/\nDisallow: /dealers/*/contact/\nAllow: /\n\nSitemap: ${publicBaseUrl}/sitemap.xml\n`;

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export type SitemapKind = 'cars' | 'dealers';

async function* carUrls(db: Kysely<DB>, base: string, after: number, max: number): AsyncGenerator<string> {
  let left = max;
  while (left > 0) {
    const rows = await sitemapCars(db, after, Math.min(READ_BATCH, left));
    let out = '';
    for (const r of rows) out += `<url><loc>${esc(listingUrl(base, r.listing_id))}</loc><lastmod>${new Date(r.updated_at).toISOString()}</lastmod></url>\n`;
    if (out) yield out;
    if (rows.length < Math.min(READ_BATCH, left)) return;
    after = rows[rows.length - 1]!.id;
    left -= rows.length;
  }
}

async function* dealerUrls(db: Kysely<DB>, base: string, after: number, max: number): AsyncGenerator<string> {
  let left = max;
  while (left > 0) {
    const rows = await sitemapDealers(db, after, Math.min(READ_BATCH, left));
    let out = '';
    for (const r of rows) out += `<url><loc>${esc(storefrontUrl(base, r.slug))}</loc></url>\n`;
    if (out) yield out;
    if (rows.length < Math.min(READ_BATCH, left)) return;
    after = rows[rows.length - 1]!.id;
    left -= rows.length;
  }
}

/** /sitemap.xml: every URL, or (more than pageSize of them) the index of the sitemap files. */
export async function* sitemapRoot(db: Kysely<DB>, base: string, pageSize: number): AsyncGenerator<string> {
  if ((await countSitemapRows(db)) <= pageSize) {
    yield `${XML}<urlset xmlns="${NS}">\n`;
    yield* carUrls(db, base, 0, Number.MAX_SAFE_INTEGER);
    yield* dealerUrls(db, base, 0, Number.MAX_SAFE_INTEGER);
    yield '</urlset>\n';
    return;
  }
  yield `${XML}<sitemapindex xmlns="${NS}">\n`;
  for (const kind of ['cars', 'dealers'] as const) {
    const table = kind === 'cars' ? 'vehicles' : 'dealers';
    let after = 0;
    // Each file starts after the last id of the one before: its end is read from the index
    // (the pageSize-th id), never by holding the rows.
    while ((await nthIdAfter(db, table, after, 1)) !== undefined) {
      yield `<sitemap><loc>${esc(`${base}/sitemaps/${kind}-${after}.xml`)}</loc></sitemap>\n`;
      const end = await nthIdAfter(db, table, after, pageSize);
      if (end === undefined) break;
      after = end;
    }
  }
  yield '</sitemapindex>\n';
}

/** One sitemap file: the pageSize cars (or dealerships) after id `after`. */
export async function* sitemapFile(db: Kysely<DB>, base: string, kind: SitemapKind, after: number, pageSize: number): AsyncGenerator<string> {
  yield `${XML}<urlset xmlns="${NS}">\n`;
  yield* kind === 'cars' ? carUrls(db, base, after, pageSize) : dealerUrls(db, base, after, pageSize);
  yield '</urlset>\n';
}

/**
 * A generated sitemap whole (one string) when it is at most `maxChars` long, else a stream of all
 * of it, the part already read first (P256): small sitemaps go out in one write with their
 * length, large ones are never held.
 */
export async function wholeOrStream(gen: AsyncGenerator<string>, maxChars: number): Promise<string | Readable> {
  let out = '';
  for (let n = await gen.next(); !n.done; n = await gen.next()) {
    out += n.value;
    if (out.length > maxChars) {
      const head = out;
      return Readable.from(
        (async function* () {
          yield head;
          yield* gen;
        })(),
      );
    }
  }
  return out;
}

/** A 32 × 32 icon (a white car on the panel's blue), PNG inside an ICO container: 418 bytes. */
export const FAVICON = Buffer.from(
  'AAABAAEAICAAAAEAIACMAQAAFgAAAIlQTkcNChoKAAAADUlIRFIAAAAgAAAAIAgDAAAARKSKxgAAAF1QTFRFTGlxC1bPDFnMDFfPDFjRClbQClfPClfPC1zQC1fPC1bQClfQC1bPC1fQDFXOC1bPC1bPC1fQC1fPDFfQC1fQ////C1fQSIHcwtXzXZDg8/b9XpDgXI/g9Pj99Pf9Rur4ogAAABV0Uk5TAM4UVVTx8/IW/oTw9IMVgoHPzVLQUD4YmQAAAAlwSFlzAAALEwAACxMBAJqcGAAAALRJREFUOMvVk9sOgyAQRMdWRK13y3pp6/9/phZrCahL+th5IJvMYUKAAYA4rTPaKQvyGFpXSSeSofYTOlWyELEkRqJASqxK3HkgQMQDEuTRfwGdstTtgN4GehdwAkwEjgNMBEzAZNzJROAb8KRh8/XYW4BS47KOq/8ZHUAN9NgS1tEF1MucQY8uYF/gzwDzFpL3BWrfp815oPIU53YBQq567bucoTjd3671LsrmoD5RUy35mAFNc1MvE/6FNgAAAABJRU5ErkJggg==',
  'base64',
);

const TEXTS = textsOf('public.');

/** GET / on the public host: what this is, and where the panel and the API docs are. */
export function homePage(publicBaseUrl: string, lang: Lang): string {
  const w = TEXTS[lang].home;
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${w.title}</title>
<meta name="description" content="${w.intro}">
<link rel="icon" href="/favicon.ico">
<style>body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fafafa}main{max-width:40rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.6rem}ul{padding:0;list-style:none}li{margin:0 0 1rem}a{color:#0b57d0;font-weight:600}a:focus{outline:3px solid #f9a825}.hint{color:#444;margin:0}</style>
</head>
<body>
<main>
<h1>${w.title}</h1>
<p>${w.intro}</p>
<ul>
<li><a href="${publicBaseUrl}/panel">${w.panel}</a><p class="hint">${w.panelHint}</p></li>
<li><a href="${publicBaseUrl}/v1/docs">${w.docs}</a><p class="hint">${w.docsHint}</p></li>
</ul>
</main>
</body>
</html>
`.value;
}
