// Baseline of the polling and list benchmarks (issue 29 §5, issue 41 §2): bare Fastify 5, logger
// off, one route that answers `GET /v1/vehicles[?updated_since=]` for one dealership as the
// service does — the same page and count queries as prepared better-sqlite3 statements on the
// real server's SQLite file, each row through the service's own mapping (toVehicle: the photo
// URLs come from the row's shown_photos, as the service reads them). SERIALIZER picks how the
// answer is written: `schema` (default) through the same response schema and schema compilers
// (fast-json-stringify, as the service), `json` with JSON.stringify and no response schema. No
// auth, limits, request log, cache, cursor or ETag: what is left of the real route is what the
// service adds on top of reading and writing the rows.
// Usage: PORT=… HOST=127.0.0.1 DB_FILE=… DEALER_ID=… PUBLIC_BASE_URL=… [SERIALIZER=json] node --import tsx bench/bare-list-server.ts
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
const serializer = process.env.SERIALIZER === 'json' ? 'json' : 'schema';
const raw = openRaw(process.env.DB_FILE ?? '');

const pageSince = raw.prepare("select * from vehicles where dealer_id = ? and market in ('ar') and updated_at >= ? order by updated_at desc, id desc limit ?");
const countSince = raw.prepare("select count(*) as n from vehicles where dealer_id = ? and market in ('ar') and updated_at >= ?");
const pageAll = raw.prepare("select * from vehicles where dealer_id = ? and market in ('ar') order by updated_at desc, id desc limit ?");
const countAll = raw.prepare("select count(*) as n from vehicles where dealer_id = ? and market in ('ar')");

const app = Fastify({ logger: false, schemaController: schemaController() });
for (const s of SHARED_SCHEMAS) app.addSchema(s);
const Query = Type.Object({ updated_since: Type.Optional(Type.String()), per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })) });
app.get<{ Querystring: { updated_since?: string; per_page?: number } }>(
  '/v1/vehicles',
  { schema: serializer === 'schema' ? { querystring: Query, response: { 200: Type.Ref('VehicleList') } } : { querystring: Query } },
  (req, reply) => {
    const perPage = req.query.per_page ?? 20;
    const given = req.query.updated_since;
    const since = given === undefined ? undefined : Date.parse(given);
    const rows = (since === undefined ? pageAll.all(dealerId, perPage + 1) : pageSince.all(dealerId, since, perPage + 1)) as VehicleRow[];
    const { n } = (since === undefined ? countAll.get(dealerId) : countSince.get(dealerId, since)) as { n: number };
    const shown = rows.slice(0, perPage);
    const list = { data: shown.map((r) => toVehicle(r, publicBase)), page: 1, per_page: perPage, total: n, next_cursor: null };
    if (serializer === 'schema') return list;
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(list));
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
