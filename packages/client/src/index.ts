// @dealer-inventory/client: the official TypeScript client of the Dealer Inventory API (P127–P130).
export {
  createClient,
  type Client,
  type ClientOptions,
  type Lead,
  type ListLeadsQuery,
  type ListVehiclesQuery,
  type StockCar,
  type SyncStockOptions,
  type SyncStockResult,
  type Vehicle,
  type VehicleInput,
} from './client.js';
export { ApiError, SoldGuardError, type ErrorCode } from './errors.js';
export { verifyWebhook, WebhookSignatureError, type VerifyOptions, type WebhookEvent } from './webhooks.js';
export type { components, operations, paths } from './schema.js';
