// Baseline of the polling benchmark (issue 29 §5): bare Fastify 5, logger off, one route that
// answers `GET /v1/vehicles?updated_since=` for one dealership exactly as the service does — the
// same page and count queries as prepared better-sqlite3 statements on the real server's SQLite
// file, each row through the service's own serializer (toVehicle) and the answer through the
// same response schema and schema compilers. No auth, limits, request log, cache or ETag: what is
// left of the real route is what the service adds on top of reading and writing the rows.
// Usage: PORT=… HOST=127.0.0.1 DB_FILE=… DEALER_ID=… PUBLIC_BASE_URL=… node --import tsx bench/bare-list-server.ts
import Fastify from 'fastify';
import { Type } from 'typebox';
import type { VehicleRow } from '../src/core/db/schema.js';
import { schemaController } from '../src/core/http/schema-compilers.js';
import { toVehicle } from '../src/modules/vehicles/serialize.js';
import { SHARED_SCHEMAS } from '../src/schemas.js';
import { openRaw } from './baseline-db.js';

const port = Number(process.env.PORT ?? 3002);
const host = process.env.HOST ?? '127.0.0.1';
const dealerId = Number(process.env.DEALER_ID);
const publicBase = process.env.PUBLIC_BASE_URL ?? 'http://127.0.0.1:3000';
const raw = openRaw(process.env.DB_FILE ?? '');

const page = raw.prepare("select * from vehicles where dealer_id = ? and market in ('ar') and updated_at >= ? order by updated_at desc, id desc limit ?");
const count = raw.prepare("select count(*) as n from vehicles where dealer_id = ? and market in ('ar') and updated_at >= ?");

const app = Fastify({ logger: false, schemaController: schemaController() });
for (const s of SHARED_SCHEMAS) app.addSchema(s);
app.get<{ Querystring: { updated_since: string; per_page?: number } }>(
  '/v1/vehicles',
  {
    schema: {
      querystring: Type.Object({ updated_since: Type.String(), per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })) }),
      response: { 200: Type.Ref('VehicleList') },
    },
  },
  (req) => {
    const since = Date.parse(req.query.updated_since);
    const perPage = req.query.per_page ?? 20;
    const rows = page.all(dealerId, since, perPage + 1) as VehicleRow[];
    const { n } = count.get(dealerId, since) as { n: number };
    const shown = rows.slice(0, perPage);
    return { data: shown.map((r) => toVehicle(r, publicBase)), page: 1, per_page: perPage, total: n, next_cursor: null };
  },
);

const stop = () =>
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

await app.listen({ port, host });
