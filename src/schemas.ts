// The shared schemas every route may $ref (one registration at the root, so the OpenAPI
// description has each once under components.schemas). A module's new shared schema joins here.
import { ErrorSchema } from './core/http/schemas.js';
import { BrandListSchema, ModelListSchema } from './modules/catalog/schemas.js';
import { FEED_SCHEMAS } from './modules/feeds/schemas.js';
import { LEAD_SCHEMAS } from './modules/leads/schemas.js';
import { MarketSchema } from './modules/markets/schemas.js';
import { AccountSchema } from './modules/me/schemas.js';
import { VEHICLE_SCHEMAS } from './modules/vehicles/schemas.js';
import { WEBHOOK_SCHEMAS } from './modules/webhooks/schemas.js';
import { WEBHOOK_EVENT_SCHEMAS } from './modules/webhooks/event-schemas.js';
import { DRY_RUN_SCHEMAS } from './modules/vehicles/dry-run-schema.js';
import { STATS_SCHEMAS } from './modules/stats/schemas.js';
import { SANDBOX_SCHEMAS } from './modules/sandbox/schemas.js';

export const SHARED_SCHEMAS = [
  ErrorSchema,
  MarketSchema,
  BrandListSchema,
  ModelListSchema,
  AccountSchema,
  ...VEHICLE_SCHEMAS,
  ...WEBHOOK_SCHEMAS,
  ...WEBHOOK_EVENT_SCHEMAS,
  ...LEAD_SCHEMAS,
  ...FEED_SCHEMAS,
  ...DRY_RUN_SCHEMAS,
  ...STATS_SCHEMAS,
  ...SANDBOX_SCHEMAS,
];

/** The OpenAPI document's `webhooks` section: each delivery's headers and body (P184). */
export { WEBHOOKS_DOCUMENT } from './modules/webhooks/event-schemas.js';
