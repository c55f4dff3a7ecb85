// The feed push (D15): POST {base_url}/feeds/{token}/ (also without the trailing slash), no
// key: the token is the secret. Unknown, malformed and revoked tokens all answer the same 404.
// Limited per token (D23). The body is streamed and never held beyond 10 MB (413).
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../core/errors.js';
import { msg } from '../../core/i18n/index.js';
import { rateLimitHeaders, type RateLimitStore } from '../../core/http/rate-limit.js';
import { errorResponses } from '../../core/http/schemas.js';
import { SERVICE_VALIDATED } from '../../core/http/schema-compilers.js';
import { readPushedFile } from './body.js';
import { stockAnswerIn } from '../vehicles/stock-runner.js';
import { importFeedFile, type FeedDeps } from './import.js';
import { FEED_MAX_BYTES } from './limits.js';
import { MAX_ROWS as FEED_MAX_ROWS } from './parse/map.js';
import { findLiveFeedByTokenHash } from './repository.js';
import { PushParams, PushQuery } from './schemas.js';
import { hashToken, noteFeedPush, TOKEN_PATTERN } from './service.js';

export interface PushOptions {
  deps: FeedDeps;
  limiter: RateLimitStore;
  perMinute: number;
}

const notFound = () => new ApiError('not_found', msg('feed_address_not_found'));

/** A vehicle of a JSON feed: its fields under the feed's column names (docs/feed-columns.md). */
const FEED_ROW = {
  type: 'object',
  description: 'One vehicle: fields by the column names of docs/feed-columns.md (external_id, brand, model, year, price, mileage, photos…).',
  maxProperties: 200,
  additionalProperties: true,
} as const;

/**
 * A file is at most FEED_MAX_BYTES bytes (413 above, counted by the service): a character is at
 * least one byte, so no file the service takes is longer in characters (P187).
 */
const FILE_MAX = { maxLength: FEED_MAX_BYTES } as const;

const fileSchema = (description: string) => ({ schema: { type: 'string', description, ...FILE_MAX, ...SERVICE_VALIDATED } });

export const feedPushRoutes: FastifyPluginAsyncTypebox<PushOptions> = async (app, { deps, limiter, perMinute }) => {
  // Bodies of this scope are not parsed by Fastify (nor capped by its bodyLimit): the handler
  // streams them itself, after the token and the rate limit were checked.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  const schema = {
    operationId: 'pushFeed',
    tags: ['Feeds'],
    summary: 'Push the whole inventory file of a feed (no key: the token is the secret)',
    description: [
      "The body is the WHOLE inventory of the feed's source (default `feed`), up to 10 MB: CSV (`text/csv`), JSON (`application/json`), XML (`application/xml` or `text/xml`),",
      'or any of those or an Excel `.xlsx` workbook as the part `file` of `multipart/form-data`. The format is told by content type, file name and content.',
      "Column names and value spellings: docs/feed-columns.md. Every row is applied as in sync (no 500 limit); then the source's cars missing from the file are marked sold,",
      'unless a row failed (`sold_skipped`) or the mass-sold guard refuses (409 `too_many_missing`, nothing applied; `?allow_mass_sold=true` lets it through).',
      'A file without any car answers 409 `empty_list` (never read as "everything sold"). Unknown or revoked token: 404. Over 10 MB: 413 (also for chunked bodies).',
      'The whole file must arrive within 60 s of the first byte (REQUEST_TIMEOUT, D38; about 1.4 Mbit/s for 10 MB), else 408 `request_timeout`; the import after that is not timed.',
      'Unreadable file, or more than 50 000 vehicles (refused whole, nothing applied): 422 `unreadable_feed`. `errors` lists the first 1000 per-row errors; `error_count` has them all.',
      'Limited to FEED_PUSH_PER_MINUTE pushes per token per minute (429 with Retry-After). The address also works without the trailing slash.',
      '`?dry_run=true` (D30): the file is read and checked the same way (same 409/413/422 answers, but 200 even when the mass-sold guard would refuse: see `guard`) and nothing is changed, nor any import recorded;',
      "the answer adds `would_create`, `would_update`, `would_mark_sold` (stock IDs), `guard` and `mapping` (which column fed which field, with the feed's overrides).",
    ].join(' '),
    security: [],
    params: PushParams,
    querystring: PushQuery,
    body: {
      ...SERVICE_VALIDATED,
      content: {
        'text/csv': fileSchema('CSV, header row first; delimiter and encoding detected.'),
        // The JSON file as the JSON it is (P90), so a typed client sends rows, not a string of them.
        'application/json': {
          schema: {
            oneOf: [
              { type: 'array', items: FEED_ROW, maxItems: FEED_MAX_ROWS, description: 'The vehicles.' },
              {
                type: 'object',
                properties: { vehicles: { type: 'array', items: FEED_ROW, maxItems: FEED_MAX_ROWS } },
                required: ['vehicles'],
                description: 'An object holding the vehicles (also read under `data`, `items`, …).',
              },
            ],
            description: 'A JSON array of vehicles, or an object holding one.',
            ...SERVICE_VALIDATED,
          },
        },
        'application/xml': fileSchema('XML, one element per vehicle.'),
        'text/xml': fileSchema('XML, one element per vehicle.'),
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              file: { type: 'string', contentMediaType: 'application/octet-stream', ...FILE_MAX, description: 'The feed file (CSV, JSON, XML or .xlsx).' },
            },
            required: ['file'],
            ...SERVICE_VALIDATED,
          },
        },
      },
    },
    response: {
      200: Type.Ref('FeedPushResult'),
      ...errorResponses(400, 404, 408, 409, 413, 422, 429),
    },
  };

  const handler = async (
    req: FastifyRequest<{ Params: { token: string }; Querystring: { allow_mass_sold?: boolean; dry_run?: boolean } }>,
    reply: FastifyReply,
  ) => {
    // An early answer (413, 404, 429…) leaves the rest of the body to the drain in core/http/request-start.ts (app.ts).
    const token = req.params.token;
    // Same answer, same work for every token that is not a live feed's.
    const found = TOKEN_PATTERN.test(token) ? await findLiveFeedByTokenHash(deps.store.db, hashToken(token)) : undefined;
    if (!found) throw notFound();
    // Any push with a live token is a use the owners see (D39), refused ones too; a failed write
    // of it is logged, never the push's failure.
    await noteFeedPush(deps.store.db, found.feed, deps.clock.now()).catch((err: unknown) =>
      req.log.warn({ err, feed_id: found.feed.id }, "recording a feed token's last use failed"),
    );
    const d = await limiter.hit(`feed:${found.feed.id}`, deps.clock.now(), perMinute, 60_000);
    reply.headers(rateLimitHeaders(d));
    if (!d.allowed) {
      throw new ApiError('rate_limited', msg('push_rate_limited', { limit: perMinute, wait: Math.max(1, Math.ceil(d.resetMs / 1000)) }));
    }
    const stream = (req.body as Readable | undefined) ?? req.raw;
    const file = await readPushedFile(req.raw, stream, FEED_MAX_BYTES);
    if (req.query.dry_run === true)
      return stockAnswerIn(
        req.lang,
        await importFeedFile(deps, found.feed, found.dealer, file, { mode: 'plan', allowMassSold: req.query.allow_mass_sold === true }),
      );
    const { importId: _, ...answer } = await importFeedFile(deps, found.feed, found.dealer, file, {
      trigger: 'push',
      allowMassSold: req.query.allow_mass_sold === true,
    });
    return stockAnswerIn(req.lang, answer);
  };

  app.post('/feeds/:token/', { schema }, handler);
  app.post('/feeds/:token', { schema: { ...schema, operationId: 'pushFeedNoSlash', hide: true } }, handler);
};
