// Baseline for listing_page (issue 27, P116): bare Fastify 5, one route, logger off, that renders
// the car page's HTML (listings/page.ts listingPage) on every request from one row read once at
// start from the real server's store: what rendering the page costs with nothing around it (no
// store read, no page cache, no compression, no headers beyond the type).
// Usage: PORT=… HOST=127.0.0.1 DATABASE_URL=sqlite:… PUBLIC_BASE_URL=… LISTING_ID=… node --import tsx bench/bare-page-server.ts
import Fastify from 'fastify';
import { openStore } from '../src/core/db/store.js';
import { findListing } from '../src/modules/listings/repository.js';
import { listingPage } from '../src/modules/listings/page.js';

const port = Number(process.env.PORT ?? 3002);
const host = process.env.HOST ?? '127.0.0.1';
const base = process.env.PUBLIC_BASE_URL ?? '';
const store = openStore({ url: process.env.DATABASE_URL ?? '' });
const row = (await findListing(store.db, process.env.LISTING_ID ?? ''))[0];
if (!row) throw new Error(`no listing ${process.env.LISTING_ID}`);
await store.close();

const app = Fastify({ logger: false });
app.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').send(listingPage(row, base)));

const stop = () =>
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

await app.listen({ port, host });
