// Row types of every table, as Kysely sees them. Times are epoch milliseconds in both stores.
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Lang } from '../i18n/lang.js';

interface DealersTable {
  id: Generated<number>;
  slug: string;
  name: string;
  city: string | null;
  /** JSON array of market codes, e.g. ["ar","uy"]. */
  markets: string;
  created_at: number;
  /** IANA time zone (D32); null: the first market's. */
  time_zone: string | null;
  /** E.164, as stored by dealers/profile.ts (D32). */
  phone: string | null;
  /** E.164 of the WhatsApp number (D32). */
  whatsapp: string | null;
  address: string | null;
  /** An http(s) URL. */
  website: string | null;
  /** Short free text ("Lun a vie 9 a 18 h"). */
  opening_hours: string | null;
  /** P132: the logo's file in the photo store (`/photos/<id>/logo.webp`); null: none. */
  logo_file_id: ColumnType<string | null, string | null | undefined, string | null>;
  logo_width: ColumnType<number | null, number | null | undefined, number | null>;
  logo_height: ColumnType<number | null, number | null | undefined, number | null>;
  /** D35, P122: set on a sandbox twin — the live dealership's id (one twin each); null on a live one. */
  sandbox_of: ColumnType<number | null, number | null | undefined, number | null>;
}

interface ApiKeysTable {
  id: Generated<number>;
  dealer_id: number;
  name: string;
  /** First 12 characters of the key (D24): shown, never secret. */
  prefix: string;
  /** Hex SHA-256 of the whole key; the key itself is never stored. */
  key_hash: string;
  created_at: number;
  revoked_at: number | null;
  /** Recorded at most once a minute per key (modules/keys/resolver.ts), not on every call. */
  last_used_at: ColumnType<number | null, number | null | undefined, number | null>;
}

interface FeedsTable {
  id: Generated<number>;
  dealer_id: number;
  /** Hex SHA-256 of the push token: a leaked database reveals no pushable address. */
  token_hash: string;
  market: string;
  source: string;
  url: string | null;
  created_at: number;
  revoked_at: number | null;
  /** Validators of the last 200 read of `url`, sent back as If-None-Match / If-Modified-Since. */
  etag: ColumnType<string | null, string | null | undefined, string | null>;
  last_modified: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 of the last file read from `url` and processed: the same bytes are not processed again. */
  content_hash: ColumnType<string | null, string | null | undefined, string | null>;
  last_polled_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Column mapping overrides, JSON `{ column: field | "ignore" }` (feeds/mapping.ts). */
  column_map: ColumnType<string, string | undefined, string>;
  /** Who made the token (D39, P64): the operator's CLI, a panel user, or unknown (made before this was recorded). */
  created_by: ColumnType<FeedCreator, FeedCreator | undefined, FeedCreator>;
  /** The panel user who made it; null for the operator, for unknown, and once that user is removed. */
  created_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** That user's name (else e-mail) when they made it: kept when the user is removed. */
  created_by_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The token's last push, written at most once a minute (feeds/push-routes.ts). */
  last_used_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Who made a feed's push token (D39). */
export type FeedCreator = 'operator' | 'user' | 'unknown';

export type FeedTrigger = 'push' | 'pull';
/**
 * processed; refused (sold guard, 409); unreadable (422); unreachable (pull could not fetch);
 * running (under way); interrupted (its process stopped before it finished).
 */
export type FeedImportResult = 'processed' | 'refused' | 'unreadable' | 'unreachable' | 'running' | 'interrupted';

/** The report of one import of a feed (push or pull). */
export interface FeedImportsTable {
  id: Generated<number>;
  feed_id: number;
  dealer_id: number;
  trigger: FeedTrigger;
  result: FeedImportResult;
  format: string | null;
  rows: number;
  created: number;
  updated: number;
  sold: number;
  sold_skipped: string | null;
  /** Why an import was refused, unreadable or unreachable. */
  message: string | null;
  /** All per-row errors; `errors` keeps the first FEED_REPORT_ERRORS of them. */
  error_count: number;
  /** JSON array of { index, external_id, message }. */
  errors: string;
  /** JSON array of { column, field } (which source column fed which field). */
  columns: string;
  started_at: number;
  /** While running: when it started (the row is written again when it ends). */
  finished_at: number;
  /** While running: the last sign of life of its process (null once it ended). */
  heartbeat_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** All per-row warnings (duplicate VINs); `warnings` keeps the first of them, as `errors` does. */
  warning_count: ColumnType<number, number | undefined, number>;
  /** JSON array of { index, external_id, code, message }. */
  warnings: ColumnType<string, string | undefined, string>;
  /** P246: JSON array of the stock IDs the import created or updated (the first REPORT_MAX_CARS). */
  cars: ColumnType<string, string | undefined, string>;
}

type JobStatus = 'pending' | 'running' | 'failed';

interface JobsTable {
  id: Generated<number>;
  task: string;
  /** JSON. */
  payload: string;
  status: JobStatus;
  /** Unique when set: at most one live job per key (recurring and deduplicated work). */
  job_key: string | null;
  /** Jobs with the same key run at most the task's maxPerKey at once in one worker. */
  concurrency_key: ColumnType<string | null, string | null | undefined, string | null>;
  run_at: number;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/** Every status a car can have (D5, D6): the one list; vehicles/schemas.ts groups them. */
export const VEHICLE_STATUSES = ['active', 'in_review', 'importing_photos', 'sold', 'expired', 'withdrawn'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

interface VehiclesTable {
  id: Generated<number>;
  dealer_id: number;
  market: string;
  external_id: string;
  /** The service's own stable listing code (public URL). */
  listing_id: string;
  status: VehicleStatus;
  source: string;
  /** Catalog names. */
  brand: string;
  model: string;
  year: number;
  version: string | null;
  /** Whole cents: no float ever touches a price. */
  price_cents: number;
  currency: string;
  mileage: number;
  fuel: string | null;
  transmission: string | null;
  color: string | null;
  condition: string;
  city: string | null;
  description: string | null;
  /** JSON array of the dealer's photo URLs, in the dealer's order. */
  photo_urls: string;
  photos_pending: number;
  /** Hash of the car's content: tells an update that changes nothing from one that does. */
  content_hash: string;
  /** When the dealer last sent the car (PUT, sync, feed): listing expiry counts from here. */
  last_sent_at: number;
  /** Bumped by every write that changes what the API shows of the car. */
  revision: ColumnType<number, number | undefined, number>;
  /** JSON array of ShownPhoto: what the public sees, swapped whole when a new set is in. */
  shown_photos: ColumnType<string, string | undefined, string>;
  /** JSON array of PhotoStateEntry: the current list's photos and their outcomes. */
  photo_state: ColumnType<string, string | undefined, string>;
  created_at: number;
  updated_at: number;
  /** Issue 15, all optional: upper-case VIN (17 characters), vocabulary codes, a door count, free text. */
  vin: ColumnType<string | null, string | null | undefined, string | null>;
  body_style: ColumnType<string | null, string | null | undefined, string | null>;
  drivetrain: ColumnType<string | null, string | null | undefined, string | null>;
  doors: ColumnType<number | null, number | null | undefined, number | null>;
  engine: ColumnType<string | null, string | null | undefined, string | null>;
  interior_color: ColumnType<string | null, string | null | undefined, string | null>;
  /** The first `active` of the car's current period for sale (D34 days on market); null before it and once it leaves sale (P96). */
  active_since: ColumnType<number | null, number | null | undefined, number | null>;
  /** D43, P220: the listing quality score (quality.ts), stored by every write; null only on a car written before P220 and not since. */
  quality_score: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON array, per listed photo: its check flags (photos/checks.ts CHECK), null pending, -1 failed (P220). */
  photo_checks: ColumnType<string, string | undefined, string>;
  /** D44, P228: the expected price and comparables the family's rating job found; null: no rating. */
  price_expected_cents: ColumnType<number | null, number | null | undefined, number | null>;
  price_comparables: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The events outbox: written with the change that caused the event. */
interface EventsTable {
  id: string;
  dealer_id: number;
  type: string;
  /** JSON. */
  data: string;
  created_at: number;
}

export type PhotoStatus = 'pending' | 'ready' | 'failed';

interface PhotosTable {
  id: Generated<number>;
  dealer_id: number;
  vehicle_id: number;
  source_url: string;
  status: PhotoStatus;
  /** Why a photo failed, for the integrator; on a pending photo, the failure of its last try. */
  reason: string | null;
  /** Content hash of the downloaded bytes: names the stored files. */
  file_id: string | null;
  /** jpeg, png or webp. */
  format: string | null;
  width: number | null;
  height: number | null;
  /** JSON array of the narrower widths made beside the display copy, each also in WebP (P88); null before P88. */
  variant_widths: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: number;
  updated_at: number;
  /** D43, P220: the photo's check flags (photos/checks.ts CHECK), its sharpness and mean grey level, its 256-bit hash (hex); null until checked. */
  checks: ColumnType<number | null, number | null | undefined, number | null>;
  sharpness: ColumnType<number | null, number | null | undefined, number | null>;
  brightness: ColumnType<number | null, number | null | undefined, number | null>;
  phash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** P222: a photo's hash in bands (photos/checks.ts hashBands), the index of the near-duplicate lookup. */
interface PhotoHashBandsTable {
  band: number;
  value: number;
  photo_id: number;
}

/** A photo uploaded in the panel (D33, P104), stored already; its car lists it as `upload:<file_id>`. */
interface PhotoUploadsTable {
  dealer_id: number;
  file_id: string;
  format: string;
  width: number;
  height: number;
  /** JSON array, as photos.variant_widths. */
  variant_widths: string;
  created_at: number;
  /** D43, P220: the photo's check flags (photos/checks.ts CHECK), its sharpness and mean grey level, its 256-bit hash (hex); null until checked. */
  checks: ColumnType<number | null, number | null | undefined, number | null>;
  sharpness: ColumnType<number | null, number | null | undefined, number | null>;
  brightness: ColumnType<number | null, number | null | undefined, number | null>;
  phash: ColumnType<string | null, string | null | undefined, string | null>;
}

interface WebhooksTable {
  id: Generated<number>;
  dealer_id: number;
  url: string;
  /** JSON array of subscribed event names. */
  events: string;
  /** The signing secret sealed with the server key (core/secret-box.ts). */
  secret_sealed: string;
  /** 1 or 0; 20 failed deliveries in a row turn it to 0 (D20). */
  active: number;
  failures_in_a_row: Generated<number>;
  created_at: number;
  deleted_at: number | null;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  dealer_id: number;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: number | null;
  /** The delivery this one replays (POST …/deliveries/{id}/retry). */
  replay_of: number | null;
  created_at: number;
  completed_at: number | null;
}

interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: number;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
}

export type LeadStage = 'new' | 'contacted' | 'won' | 'lost';
/** Who wrote an entry of a conversation: the buyer, a reply e-mailed to them, a note kept only, a stage change. */
export type LeadMessageAuthor = 'buyer' | 'dealer' | 'note' | 'stage';

/** A buyer's conversation about one car: only what the API shows (no contact details). */
interface LeadsTable {
  id: Generated<number>;
  dealer_id: number;
  vehicle_id: number;
  external_id: string;
  listing_id: string;
  stage: LeadStage;
  messages: number;
  last_message: string | null;
  created_at: number;
  /** When something the API shows changed (a buyer's message, the stage). */
  updated_at: number;
  /** 1 from a buyer's message until someone of the dealership opens the conversation. */
  unread: ColumnType<number, number | undefined, number>;
  /** The latest entry of the conversation (the inbox's order). */
  last_activity_at: number;
  /** The buyer's latest message while it waits for a reply or note (P100); null once answered. */
  waiting_since: ColumnType<number | null, number | null | undefined, number | null>;
  /** D42: the first reply e-mailed from the panel, or WhatsApp/call link opened there; null until then. */
  first_response_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** What changed on a car (issue 37 §6, P211). */
export type VehicleActivityKind = 'created' | 'price' | 'photos' | 'edited' | 'sold' | 'for_sale_again' | 'withdrawn';
/** Who changed it: a program with a key, a sync or feed, or a user of the panel. */
export type ActivityChannel = 'api' | 'sync' | 'feed' | 'panel';

/** A car's recent activity (the panel's car page). */
interface VehicleActivityTable {
  id: Generated<number>;
  dealer_id: number;
  vehicle_id: number;
  kind: VehicleActivityKind;
  /** JSON: a price's from/to (cents) and currency; photos' counts before and after. */
  detail: string | null;
  channel: ActivityChannel;
  /** The panel user who made it (null otherwise, or once removed: author_name stays). */
  user_id: number | null;
  author_name: string | null;
  created_at: number;
}

/** The buyer's contact details: read by the dealer panel only, never by the API. */
interface LeadContactsTable {
  lead_id: number;
  vehicle_id: number;
  name: string;
  email: string | null;
  phone: string | null;
  /** E-mail lower-cased: a later message with it joins the lead. */
  email_key: string | null;
  /** Phone digits only. */
  phone_key: string | null;
  /** Set when LEAD_RETENTION_DAYS erased name, e-mail and phone. */
  erased_at: ColumnType<number | null, number | null | undefined, number | null>;
}

interface LeadMessagesTable {
  id: Generated<number>;
  lead_id: number;
  body: string;
  created_at: number;
  author: ColumnType<LeadMessageAuthor, LeadMessageAuthor | undefined, LeadMessageAuthor>;
  /** The staff member who wrote it (null: the buyer, the API, or a removed user). */
  user_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Their name (or e-mail) at the time, kept if the user is removed. */
  author_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The new stage of a `stage` entry. */
  stage: ColumnType<LeadStage | null, LeadStage | null | undefined, LeadStage | null>;
}

/** D40: a lead's reply address token (P201). */
interface LeadReplyTokensTable {
  token: string;
  lead_id: number;
  created_at: number;
}

/** D40: a buyer's e-mail reply already added to a lead, by the SHA-256 of its Message-ID (P202). */
interface LeadInboundMailsTable {
  lead_id: number;
  message_key: string;
  received_at: number;
}

export type UserRole = 'owner' | 'staff';
/** A user's chosen language: the catalogue's (D31). */
export type PanelLang = Lang;

/** A dealership's staff member who signs in to the panel (D27). */
interface UsersTable {
  id: Generated<number>;
  dealer_id: number;
  /** Lower-cased; unique. A P160 row's is `elsewhere:<dealer id>:<address>`, which no address can be. */
  email: string;
  name: string;
  role: UserRole;
  /** Null: the language of the dealership's first market. */
  lang: PanelLang | null;
  /** `scrypt$N$r$p$salt$hash`; null until the invitation is accepted. */
  password_hash: string | null;
  /** 1 or 0: e-mail this user about new leads and buyers' messages. */
  notify_leads: ColumnType<number, number | undefined, number>;
  /** 1 or 0: e-mail this owner the weekly statistics summary (D34, P119). */
  weekly_stats: ColumnType<number, number | undefined, number>;
  created_at: number;
  last_sign_in_at: number | null;
  /**
   * Set on a pending user who stands for an invitation of an address that has an account at
   * another dealership (P160): the address, shown as this user's; `email` is then a key that is no address.
   */
  elsewhere_email: ColumnType<string | null, string | null | undefined, string | null>;
}

interface UserSessionsTable {
  id: Generated<number>;
  user_id: number;
  /** Hex SHA-256 of the cookie value. */
  token_hash: string;
  created_at: number;
  /** Moved forward at most once a minute; 12 h without a request ends the session. */
  last_seen_at: number;
}

export type UserTokenPurpose = 'invite' | 'reset';

/** A one-time link: an invitation (72 h) or a password reset (1 h), D27. */
interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: UserTokenPurpose;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export type MailStatus = 'queued' | 'sent' | 'failed';

/** The outbox (D28): one row per message, sent by a `mail.send` job. */
/** A user's saved answers, inserted into a reply with a tap (P102). */
interface SavedRepliesTable {
  id: Generated<number>;
  dealer_id: number;
  user_id: number;
  body: string;
  created_at: number;
}

interface MailsTable {
  id: Generated<number>;
  dealer_id: number | null;
  kind: string;
  to_address: string;
  reply_to: string | null;
  /** The display name it is sent From (a reply: the dealership's, P103); null: MAIL_FROM's. */
  from_name: ColumnType<string | null, string | null | undefined, string | null>;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  status: MailStatus;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

/** One accepted call of a limit kept in the store (P70): a sliding log per key. */
interface LimitHitsTable {
  key: string;
  at: number;
  /** `at` plus the limit's window: past it, the row counts for nothing and is swept. */
  expires_at: number;
}

/** One car's figures on one local day of its dealership (D34, P95). */
interface ListingStatsDailyTable {
  vehicle_id: number;
  /** YYYY-MM-DD in the dealership's time zone (D32). */
  day: string;
  dealer_id: number;
  market: string;
  views: ColumnType<number, number | undefined, number>;
  phone: ColumnType<number, number | undefined, number>;
  whatsapp: ColumnType<number, number | undefined, number>;
  inquiries: ColumnType<number, number | undefined, number>;
}

/** A dealership's figures per local day and market (D34, P143): its cars' rows of the day summed. */
interface ListingStatsDealerDailyTable {
  dealer_id: number;
  day: string;
  market: string;
  views: ColumnType<number, number | undefined, number>;
  phone: ColumnType<number, number | undefined, number>;
  whatsapp: ColumnType<number, number | undefined, number>;
  inquiries: ColumnType<number, number | undefined, number>;
}

/** A car's price history (D34): one row per price, from when it held. */
interface VehiclePricesTable {
  vehicle_id: number;
  since: number;
  price_cents: number;
  currency: string;
}

/** A sale of a car that was for sale (D44, P230): the history behind expected_days_to_sell. */
interface VehicleSalesTable {
  vehicle_id: number;
  dealer_id: number;
  market: string;
  brand: string;
  model: string;
  condition: string;
  currency: string;
  year: number;
  mileage: number;
  price_cents: number;
  expected_cents: number | null;
  listed_at: number;
  sold_at: number;
}

/** A dealership's local week whose summary mails were queued (P119): once per week. */
interface StatsWeeklyMailsTable {
  dealer_id: number;
  /** The Monday that starts the local week, YYYY-MM-DD. */
  week: string;
  mails: number;
  created_at: number;
}

export interface DB {
  dealers: DealersTable;
  api_keys: ApiKeysTable;
  feeds: FeedsTable;
  feed_imports: FeedImportsTable;
  jobs: JobsTable;
  vehicles: VehiclesTable;
  events: EventsTable;
  photos: PhotosTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  leads: LeadsTable;
  vehicle_activity: VehicleActivityTable;
  lead_contacts: LeadContactsTable;
  lead_messages: LeadMessagesTable;
  lead_reply_tokens: LeadReplyTokensTable;
  lead_inbound_mails: LeadInboundMailsTable;
  users: UsersTable;
  user_sessions: UserSessionsTable;
  user_tokens: UserTokensTable;
  mails: MailsTable;
  saved_replies: SavedRepliesTable;
  limit_hits: LimitHitsTable;
  listing_stats_daily: ListingStatsDailyTable;
  listing_stats_dealer_daily: ListingStatsDealerDailyTable;
  vehicle_prices: VehiclePricesTable;
  vehicle_sales: VehicleSalesTable;
  stats_weekly_mails: StatsWeeklyMailsTable;
  photo_uploads: PhotoUploadsTable;
  photo_hash_bands: PhotoHashBandsTable;
  push_subscriptions: PushSubscriptionsTable;
}

/** A browser a panel user turned Web Push notices on in (issue 37 §5, P215). */
interface PushSubscriptionsTable {
  id: Generated<number>;
  dealer_id: number;
  user_id: number;
  /** The browser's address at its push service (https); unique. */
  endpoint: string;
  /** RFC 8291 keys of the browser, base64url. */
  p256dh: string;
  auth: string;
  created_at: number;
  last_sent_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export type UserRow = Selectable<UsersTable>;
export type MailRow = Selectable<MailsTable>;
export type SavedReplyRow = Selectable<SavedRepliesTable>;

export type DealerRow = Selectable<DealersTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type FeedRow = Selectable<FeedsTable>;
export type FeedImportRow = Selectable<FeedImportsTable>;
export type NewFeedImport = Insertable<FeedImportsTable>;
export type JobRow = Selectable<JobsTable>;
export type VehicleRow = Selectable<VehiclesTable>;
export type NewVehicle = Insertable<VehiclesTable>;
export type PhotoRow = Selectable<PhotosTable>;
export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;
export type LeadRow = Selectable<LeadsTable>;
export type VehicleActivityRow = Selectable<VehicleActivityTable>;
export type LeadContactRow = Selectable<LeadContactsTable>;
export type LeadMessageRow = Selectable<LeadMessagesTable>;
