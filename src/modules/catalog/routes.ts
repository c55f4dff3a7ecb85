import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../core/errors.js';
import { msg } from '../../core/i18n/index.js';
import { errorResponses, KEYED_ERRORS } from '../../core/http/schemas.js';
import type { Catalog } from './catalog.js';
import { BrandParams } from './schemas.js';

export const catalogRoutes: FastifyPluginAsyncTypebox<{ catalog: Catalog }> = async (app, { catalog }) => {
  // The catalog does not change while the process runs: answers are built once.
  const brandList = { data: catalog.brands.map((b) => ({ name: b.name, slug: b.slug })) };

  app.get(
    '/catalog/brands',
    {
      schema: {
        operationId: 'listBrands',
        tags: ['Reference data'],
        summary: 'Brands of the catalog',
        description:
          "Every brand of the catalog, with its name and slug. A car's `brand` is one of them, by name or slug, regardless of case and accents. " +
          'The catalog is part of the service: it changes only with a new release.',
        response: { 200: Type.Ref('BrandList'), ...errorResponses(...KEYED_ERRORS) },
      },
    },
    async () => brandList,
  );

  app.get(
    '/catalog/brands/:slug/models',
    {
      schema: {
        operationId: 'listModels',
        tags: ['Reference data'],
        summary: 'Models of a brand, with their years',
        description:
          'The brand by slug or name, regardless of case and accents (404 `not_found` when none matches). Each model with its name, slug and `years`: ' +
          "every model year sold, up to next year for a model still produced. A car's `model` is one of them, and its `year` one of that model's years.",
        params: BrandParams,
        response: { 200: Type.Ref('ModelList'), ...errorResponses(...KEYED_ERRORS, 404) },
      },
    },
    async (req) => {
      const brand = catalog.findBrand(req.params.slug);
      if (!brand) throw new ApiError('not_found', msg('brand_not_found', { slug: req.params.slug }));
      return { brand: brand.name, data: brand.models };
    },
  );
};
