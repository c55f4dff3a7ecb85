// HTTP of the vehicles API (D7–D13, D25, D26): parsing and status codes only; rules live in the services.
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../../core/errors.js';
import { msg } from '../../core/i18n/index.js';
import { requireBody } from '../../core/http/json-body.js';
import { bodyRef, errorResponses, KEYED_ERRORS } from '../../core/http/schemas.js';
import { ExternalIdParams, ListQuery, MarketQuery, ReconcileRequestSchema, SyncRequestSchema, VehicleInputSchema } from './schemas.js';
import { VehicleResponseCache, type VehicleBody } from './response-cache.js';
import { dealerVehiclesMark, getVehicleBody, listDealerVehicles, putVehicle, sellVehicle, withdrawVehicle, type VehicleDeps } from './service.js';
import { STOCK_ID_MAX, stockIdFromPath } from './stock-id.js';
import { reconcileVehicles, syncVehicles } from './sync.js';
import { stockAnswerIn } from './stock-runner.js';

const TAGS = ['Vehicles'];
const JSON_TYPE = 'application/json; charset=utf-8';

/** Whether If-None-Match names this ETag (`*`, or a list; weak or strong compare the same, RFC 9110 13.1.2). */
function hasCopy(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * Polling reads (issue 29 §5, P93): a 200 carries an ETag of its bytes, and a read sent with that
 * ETag in If-None-Match answers 304 without a body. The tag is the answer's hash, so it changes
 * with anything the answer shows (a car, a page, the language of its texts) and with nothing else.
 * It is made once with the cached body (response-cache.ts, P237) and checked in the handler: no
 * hash and no onSend hook per read.
 */
function answerRead(req: FastifyRequest, reply: FastifyReply, answer: VehicleBody): FastifyReply {
  reply.header('etag', answer.etag);
  if (hasCopy(req.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type(JSON_TYPE).send(answer.body);
}

/** The list's 304 (P142) goes out with no body at all (the serializer would write `null`). */
const emptyNotModified = async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  if (reply.statusCode !== 304) return payload;
  reply.removeHeader('content-type');
  return '';
};

const IfNoneMatch = Type.Object({
  'if-none-match': Type.Optional(
    Type.String({ maxLength: 2048, description: 'The ETag of an earlier answer of the same read: 304, without a body, when nothing it shows has changed.' }),
  ),
});
const NOT_MODIFIED = { type: 'null', description: 'Not Modified: the If-None-Match ETag is still the answer (no body).' } as const;

export const vehicleRoutes: FastifyPluginAsyncTypebox<{ deps: VehicleDeps }> = async (app, { deps }) => {
  const responses = new VehicleResponseCache(deps.store);

  app.get(
    '/vehicles',
    {
      schema: {
        operationId: 'listVehicles',
        tags: TAGS,
        summary: "The dealership's cars, newest update first",
        description:
          'Cars of every status, ordered by updated_at (newest first), then by a unique id. `updated_since` returns cars with updated_at at or after it ' +
          '(poll with the latest updated_at you saw).\n\n' +
          'To read the whole list, walk it with `cursor`: the first call without page or cursor, then each next call with `cursor` = the `next_cursor` ' +
          'of the previous answer and the same filters, until `next_cursor` is null. A car updated during the walk moves to the top of the list, so ' +
          'the walk never lists a car twice and lists exactly once every car not updated during it; the cars updated during it are those a call with ' +
          '`updated_since` = the updated_at of the first car of the first page then returns. ' +
          '`page`/`per_page` remain: pages read one by one while cars change can repeat or skip cars (a car updated between two calls shifts the others).\n\n' +
          'The ETag is a change marker of the cars the filters select (P142): it moves with any change to them (and with the query string and the language), ' +
          'and the same call with it in If-None-Match answers 304 without the page being read.',
        querystring: ListQuery,
        headers: IfNoneMatch,
        response: { 200: Type.Ref('VehicleList'), 304: NOT_MODIFIED, ...errorResponses(...KEYED_ERRORS) },
      },
      onSend: emptyNotModified,
    },
    async (req, reply) => {
      // P142: the tag comes from the scope's change marker, read before the page (a change after
      // it makes the next poll read again), so an unchanged poll answers 304 without the page.
      const dealer = req.auth.dealer;
      const { total, mark } = await dealerVehiclesMark(deps, dealer, req.query);
      const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
      const etag = `"l${createHash('sha1')
        .update(`${dealer.id}\n${dealer.markets.join(',')}\n${req.lang}\n${query}\n${mark}`)
        .digest('base64url')}"`;
      reply.header('etag', etag);
      if (hasCopy(req.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return listDealerVehicles(deps, dealer, req.query, req.lang, total);
    },
  );

  app.post(
    '/vehicles/sync',
    {
      schema: {
        operationId: 'syncVehicles',
        tags: TAGS,
        summary: 'Create or update up to 500 cars, optionally marking the missing ones sold',
        description:
          'Each vehicle is validated and applied on its own: 200 when all were applied, 207 when some failed (see errors; the others were applied). ' +
          'With mark_missing_as_sold, the cars of this source and market not in the list are marked sold, unless a vehicle failed (sold_skipped says so) ' +
          'or the mass-sold guard refuses (409 too_many_missing, and then nothing at all is applied). A stock ID repeated in one call is an error for its later occurrences. ' +
          "With dry_run (D30), nothing is changed: the answer (same status codes, but 200/207 even when the guard would refuse) adds would_create, would_update, would_mark_sold and the guard's verdict.",
        body: bodyRef(SyncRequestSchema),
        response: {
          200: Type.Ref('SyncResult'),
          207: { ...Type.Ref('SyncResult'), description: 'Some vehicles failed; the others were applied.' },
          ...errorResponses(...KEYED_ERRORS, 409, 413),
        },
      },
    },
    async (req, reply) => {
      const result = await syncVehicles(deps, req.auth.dealer, requireBody(req.body));
      return reply.code(result.errors.length > 0 ? 207 : 200).send(stockAnswerIn(req.lang, result));
    },
  );

  app.post(
    '/vehicles/reconcile',
    {
      schema: {
        operationId: 'reconcileVehicles',
        tags: TAGS,
        summary: 'Mark sold the cars of a source that are not in the full list of stock IDs',
        description:
          'For stocks larger than one sync call: after several syncs, send every stock ID still for sale. Stock IDs that match no car are ignored (counted in unknown). ' +
          "With dry_run (D30), nothing is changed: the answer adds would_mark_sold and the guard's verdict (200 even when the guard would refuse).",
        body: bodyRef(ReconcileRequestSchema),
        response: { 200: Type.Ref('ReconcileResult'), ...errorResponses(...KEYED_ERRORS, 409) },
      },
    },
    async (req) => stockAnswerIn(req.lang, await reconcileVehicles(deps, req.auth.dealer, req.body)),
  );

  app.get(
    '/vehicles/:external_id',
    {
      schema: {
        operationId: 'getVehicle',
        tags: TAGS,
        summary: 'One car by stock ID',
        description:
          "The key's dealership's car with this stock ID (D26) in the market (`market`, needed only with several markets), in any status. " +
          "404 `not_found` when there is none, another dealership's car included (D7). " +
          'The answer has an `ETag`: sent back in `If-None-Match`, an unchanged car answers 304 without a body (P93).',
        params: ExternalIdParams,
        querystring: MarketQuery,
        headers: IfNoneMatch,
        response: { 200: Type.Ref('VehicleEnvelope'), 304: NOT_MODIFIED, ...errorResponses(...KEYED_ERRORS, 404) },
      },
    },
    (req, reply) => {
      // Serialized with this route's response schema, then kept while the car is unchanged;
      // answered synchronously when the cache or the store could (P44, P53).
      const body = getVehicleBody(
        deps,
        responses,
        req.auth.dealer,
        stockIdFromPath(req.params.external_id),
        req.query.market,
        (p) => reply.serialize(p) as string,
        req.lang,
      );
      return body instanceof Promise ? body.then((b) => answerRead(req, reply, b)) : answerRead(req, reply, body);
    },
  );

  app.put(
    '/vehicles/:external_id',
    {
      schema: {
        operationId: 'putVehicle',
        tags: TAGS,
        summary: 'Create or update a car by stock ID (idempotent)',
        description:
          '201 when created, 200 when updated. A sold, withdrawn or expired car sent again is back for sale. ' +
          'A new car starts importing_photos; a description or version with contact details holds it in_review. ' +
          'Every broken rule is listed in fields of a 422 invalid_vehicle.',
        params: ExternalIdParams,
        querystring: MarketQuery,
        body: bodyRef(VehicleInputSchema),
        response: {
          200: Type.Ref('VehicleResult'),
          201: { ...Type.Ref('VehicleResult'), description: 'Created.' },
          ...errorResponses(...KEYED_ERRORS, 422),
        },
      },
    },
    async (req, reply) => {
      const out = await putVehicle(deps, req.auth.dealer, stockIdFromPath(req.params.external_id), requireBody(req.body), req.query.market, req.lang);
      if (out.result !== 'created') return reply.code(200).send(stockAnswerIn(req.lang, out));
      // 201 names the car's address (P90), its stock ID as stored, percent-encoded.
      return reply
        .code(201)
        .header('location', `${deps.publicBaseUrl}/v1/vehicles/${encodeURIComponent(out.vehicle.external_id)}`)
        .send(stockAnswerIn(req.lang, out));
    },
  );

  app.delete(
    '/vehicles/:external_id',
    {
      schema: {
        operationId: 'withdrawVehicle',
        tags: TAGS,
        summary: 'Withdraw a car: it stops being published, nothing is deleted',
        description:
          'The car, in any status, becomes `withdrawn`: its public page says it is no longer available, and the car is kept. ' +
          'Withdrawing a withdrawn car answers 200 and changes nothing. Sent again (PUT, sync, a feed), the car is back for sale. 404 `not_found` for an unknown stock ID.',
        params: ExternalIdParams,
        querystring: MarketQuery,
        response: { 200: Type.Ref('VehicleStateResult'), ...errorResponses(...KEYED_ERRORS, 404) },
      },
    },
    async (req) => ({
      result: 'withdrawn' as const,
      vehicle: await withdrawVehicle(deps, req.auth.dealer, stockIdFromPath(req.params.external_id), req.query.market),
    }),
  );

  app.post(
    '/vehicles/:external_id/sold',
    {
      schema: {
        operationId: 'markVehicleSold',
        tags: TAGS,
        summary: 'Mark a car sold (idempotent; vehicle.sold is sent once)',
        description:
          'The car, in any status, becomes `sold`: its public page says it is no longer available. The first time, a `vehicle.sold` event goes to the subscribed webhooks (D6); ' +
          'marking a sold car again answers 200 and sends nothing. Sent again (PUT, sync, a feed), the car is back for sale. 404 `not_found` for an unknown stock ID.',
        params: ExternalIdParams,
        querystring: MarketQuery,
        response: { 200: Type.Ref('VehicleStateResult'), ...errorResponses(...KEYED_ERRORS, 404) },
      },
    },
    async (req) => ({ result: 'sold' as const, vehicle: await sellVehicle(deps, req.auth.dealer, stockIdFromPath(req.params.external_id), req.query.market) }),
  );

  // Deeper paths under /vehicles are most often a stock ID with a raw "/" (A/1043): the 404 says
  // how to write it. The routes above take precedence over this wildcard.
  app.route({
    method: ['GET', 'PUT', 'DELETE', 'POST'],
    url: '/vehicles/*',
    schema: { hide: true },
    handler: async (req) => {
      // One segment here is one the router found too long for a stock ID parameter (it falls back
      // to this route instead of raising its own 414): the same answer as any over-long segment.
      const rest = (req.params as { '*': string })['*'];
      if (!rest.includes('/')) throw new ApiError('uri_too_long', msg('stock_id_segment_too_long', { max: STOCK_ID_MAX }));
      const path = req.url.split('?')[0]!;
      throw new ApiError('not_found', msg('no_route_stock_id', { method: req.method, path: path.length > 200 ? `${path.slice(0, 200)}…` : path }));
    },
  });
};
