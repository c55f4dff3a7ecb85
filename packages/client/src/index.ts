// @dealer-inventory/client: the official TypeScript client of the Dealer Inventory API (P127–P130, P182–P185).
import type { components } from './schema.js';

export {
  createClient,
  type Client,
  type ClientOptions,
  type ConditionalOptions,
  type Lead,
  type ListLeadsQuery,
  type ListVehiclesQuery,
  type RequestOptions,
  type StockCar,
  type SyncStockOptions,
  type SyncStockResult,
  type Vehicle,
  type VehicleInput,
  type Webhook,
  type WebhookCreated,
} from './client.js';
export { ApiConnectionError, ApiError, ApiTimeoutError, SoldGuardError, type ErrorCode, type Problem } from './errors.js';
export { NotModified, type ApiPromise, type ApiResponse, type RateLimit } from './response.js';
export type { DeprecationInfo, RetryInfo, Sleep } from './transport.js';
export { verifyWebhook, WebhookSignatureError, type VerifyOptions, type WebhookEvent, type WebhookEventOf } from './webhooks.js';
export type { components, operations, paths, webhooks } from './schema.js';

/** Any schema of the document by name: `Schema<'FeedImport'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
