// HTTP of the feed report (keyed): parsing and status codes only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Store } from '../../core/db/store.js';
import { errorResponses, KEYED_ERRORS } from '../../core/http/schemas.js';
import { dealerFeeds, feedImport, feedImports } from './report.js';
import { FeedIdParams, FeedImportParams, ImportListQuery } from './schemas.js';

const TAGS = ['Feeds'];

export const feedReportRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.get(
    '/feeds',
    {
      schema: {
        operationId: 'listFeeds',
        tags: TAGS,
        summary: "The dealership's feeds, each with its last import",
        description: 'Push tokens are never shown: only their hash is kept. Feeds are made and revoked by the operator (`feeds create`, `feeds revoke`).',
        response: { 200: Type.Ref('FeedList'), ...errorResponses(...KEYED_ERRORS) },
      },
    },
    async (req) => dealerFeeds(store.db, req.auth.dealer.id, req.lang),
  );

  app.get(
    '/feeds/:id/imports',
    {
      schema: {
        operationId: 'listFeedImports',
        tags: TAGS,
        summary: 'The imports of a feed (push and pull), newest first',
        description:
          'Each import with its time, trigger, format, counts and number of per-row errors. Files read from the feed URL and unchanged since the last read are not imported again and leave no entry.',
        params: FeedIdParams,
        querystring: ImportListQuery,
        response: { 200: Type.Ref('FeedImportList'), ...errorResponses(...KEYED_ERRORS, 404) },
      },
    },
    async (req) => feedImports(store.db, req.auth.dealer.id, req.params.id, req.query.page, req.query.per_page, req.lang),
  );

  app.get(
    '/feeds/:id/imports/:import_id',
    {
      schema: {
        operationId: 'getFeedImport',
        tags: TAGS,
        summary: 'One import of a feed, with its per-row errors and column matches',
        description:
          'The import as GET /feeds/{id}/imports lists it (trigger, format, counts, times), with the first 1000 per-row errors and warnings ' +
          "(`error_count` and `warning_count` count them all), which column of the file fed which field (`columns`) and the mapping with the feed's overrides (`mapping`). " +
          "404 `not_found` for an unknown feed or import, or another dealership's.",
        params: FeedImportParams,
        response: { 200: Type.Ref('FeedImportEnvelope'), ...errorResponses(...KEYED_ERRORS, 404) },
      },
    },
    async (req) => feedImport(store.db, req.auth.dealer.id, req.params.id, req.params.import_id, req.lang),
  );
};
