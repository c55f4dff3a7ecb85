// Baseline for site_pages (issue 41 §2): bare Fastify 5, logger off, answering a dealership's
// storefront and the sitemap from the real server's SQLite file with prepared better-sqlite3
// statements on every request — the storefront's rows with the repository's own statement
// (compiled once), rendered by the same page function; the sitemap's rows with the same
// conditions, written as the same XML. What is left in the real server's figure is what the
// service adds: Kysely, the request log and hooks, headers, the sitemap's streaming.
// Usage: PORT=… HOST=127.0.0.1 DATABASE_URL=sqlite:… PUBLIC_BASE_URL=… DEALER_SLUG=… node --import tsx bench/bare-site-server.ts
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { openStore } from '../src/core/db/store.js';
import { findDealerBySlug } from '../src/modules/dealers/repository.js';
import { storefrontPage } from '../src/modules/listings/page.js';
import { storefrontQuery } from '../src/modules/listings/repository.js';
import { storefrontUrl } from '../src/modules/listings/site.js';
import { loadStorefront, STOREFRONT_PAGE_SIZE } from '../src/modules/listings/storefront.js';
import { listingUrl } from '../src/modules/vehicles/serialize.js';

const port = Number(process.env.PORT ?? 3003);
const host = process.env.HOST ?? '127.0.0.1';
const base = process.env.PUBLIC_BASE_URL ?? '';
const url = process.env.DATABASE_URL ?? '';
const store = openStore({ url });
const dealer = await findDealerBySlug(store.db, process.env.DEALER_SLUG ?? '');
if (!dealer) throw new Error(`no dealership ${process.env.DEALER_SLUG}`);
// Everything of the page but its rows (the form, the market, the next page's link), once.
const first = await loadStorefront(store.db, dealer, {});
const cars = storefrontQuery(store.db, dealer.id, {}, STOREFRONT_PAGE_SIZE + 1).compile();
await store.close();

const raw = new Database(url.replace(/^sqlite:/, ''), { readonly: true });
const carRows = raw.prepare(cars.sql);
const brandRows = raw.prepare("select distinct brand from vehicles where dealer_id = ? and status = 'active' order by brand").pluck();
const SANDBOX = 'select id from dealers where sandbox_of is not null';
const sitemapCars = raw.prepare(`select listing_id, updated_at from vehicles where status = 'active' and dealer_id not in (${SANDBOX}) order by id`);
const sitemapDealers = raw.prepare('select slug from dealers where sandbox_of is null order by id').pluck();
const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const app = Fastify({ logger: false });
app.get('/storefront', async (_req, reply) => {
  const rows = carRows.all(...cars.parameters) as typeof first.cars;
  const page = storefrontPage({ ...first, brands: brandRows.all(dealer.id) as string[], cars: rows.slice(0, STOREFRONT_PAGE_SIZE) }, base);
  return reply.type('text/html; charset=utf-8').send(page);
});
app.get('/sitemap.xml', async (_req, reply) => {
  let out = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  for (const r of sitemapCars.all() as { listing_id: string; updated_at: number }[])
    out += `<url><loc>${esc(listingUrl(base, r.listing_id))}</loc><lastmod>${new Date(r.updated_at).toISOString()}</lastmod></url>\n`;
  for (const slug of sitemapDealers.all() as string[]) out += `<url><loc>${esc(storefrontUrl(base, slug))}</loc></url>\n`;
  return reply.type('application/xml; charset=utf-8').send(`${out}</urlset>\n`);
});

const stop = () =>
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

await app.listen({ port, host });
