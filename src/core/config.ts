// The one place that reads process.env (D2). Everything else receives a Config.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  /** Without a trailing slash; the API's base_url is `${publicBaseUrl}/v1`. */
  publicBaseUrl: string;
  databaseUrl: string;
  dataDir: string;
  rateLimitPerMinute: number;
  webhookRetryScheduleMs: number[];
  webhookTimeoutMs: number;
  feedPollIntervalMs: number;
  /** Pushes accepted per feed token in any 60 seconds (D23: feed pushes are limited per token). */
  feedPushPerMinute: number;
  outboundAllowPrivateNetworks: boolean;
  webhookAllowHttp: boolean;
  /** Deliveries sent at once to one webhook, counted across every process of the store (P37). */
  webhookMaxInFlight: number;
  /**
   * The server key (32 bytes) that encrypts secrets kept at rest (webhook signing secrets).
   * Undefined: generated into DATA_DIR/secret.key on first start and read from there after.
   */
  secretKey: Buffer | undefined;
  listingTtlDays: number;
  logLevel: LogLevel;
  /** Total time for one photo download (connect to last byte, redirects included). */
  photoTimeoutMs: number;
  /** Jobs of the bulk lane run at once by this process's worker; 0 runs no worker (API only). */
  jobConcurrency: number;
  /** Jobs of the quick lane (webhook deliveries, mail: D45) run at once, beside the bulk lane's. */
  jobQuickConcurrency: number;
  /**
   * Photos decoded and encoded at once, one libvips thread each, in the server's image process,
   * which runs at a lower CPU priority than the API (P46); default: one per CPU.
   */
  imageConcurrency: number;
  /**
   * The image process's threads also under Linux's SCHED_IDLE policy (P258): reads of the API
   * wait less behind photos, and photos get almost no CPU while the API keeps the machine busy.
   */
  imageIdlePolicy: boolean;
  /** How often an idle worker looks for due jobs. */
  jobPollIntervalMs: number;
  /**
   * How long a claimed job is leased before another worker may take it over; renewed every
   * third of it while the job runs, so it bounds the takeover of a dead process's jobs (P35).
   */
  jobLeaseMs: number;
  /**
   * SIGTERM: how long the server keeps serving (/ready answering 503, every response with
   * `Connection: close`) before it closes its listener, so a load balancer stops sending (P37).
   */
  shutdownDelayMs: number;
  /** Buyer messages accepted from one client address in any hour (public inquiry form). */
  inquiriesPerHour: number;
  /**
   * STATS_FLUSH_INTERVAL (default 5s, at most 60s: D34's lag): how often a process writes the
   * views and contacts it counted (P95); a crash loses at most this much of them.
   */
  statsFlushMs: number;
  /** smtp:// or smtps:// server for the service's mail (D28); undefined: .eml files in DATA_DIR/mail. */
  smtpUrl: string | undefined;
  /** The From of every message, e.g. `Dealer Inventory <no-reply@example.com>`. */
  mailFrom: string;
  /** A lead with no activity for this long has its buyer's contact details erased (daily job). */
  leadRetentionDays: number;
  /**
   * Which peers may say who the client is (X-Forwarded-For): false (nobody, the default), or
   * addresses/CIDR ranges (and proxy-addr's `loopback`, `linklocal`, `uniquelocal`).
   */
  trustProxy: false | string[];
  /** A second listener on HOST serving only GET /metrics (P38); undefined: none. */
  metricsPort: number | undefined;
  /** When set, /metrics (main port or METRICS_PORT) needs `Authorization: Bearer <token>` (P38). */
  metricsToken: string | undefined;
  /** Where photos are kept (P33): DATA_DIR/photos, or an S3-protocol bucket. */
  photoStorage: PhotoStorageConfig;
  /** PHOTO_PUBLIC_BASE_URL: photo URLs redirect to `${base}/<key>` (a CDN or public bucket); undefined: served by the process. */
  photoPublicBaseUrl: string | undefined;
  /** redis:// or rediss:// server shared by every process for the limits (P30); undefined: limits per process. */
  redisUrl: string | undefined;
  /** Put before every Redis key, so several deployments (and tests) can share one server. */
  redisPrefix: string;
  /**
   * D38: a request whose headers and body have not all arrived this long after its first byte
   * is answered 408 request_timeout and closed (REQUEST_TIMEOUT, default 60s; P67).
   */
  requestTimeoutMs: number;
  /**
   * Connections one client address may hold open at once (P67); 0: no limit. Connections from
   * a TRUST_PROXY address are not counted: the proxy bounds its own clients.
   */
  maxConnectionsPerAddress: number;
  /**
   * VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY (P215): the key pair that signs Web Push requests, as
   * base64url (65-byte uncompressed P-256 point, 32-byte scalar), checked to belong together.
   * Undefined: derived from the server key (push/vapid.ts), the same in every process that shares it.
   */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** VAPID_SUBJECT: how a push service reaches the operator (`mailto:` or `https:`); default MAIL_FROM's address. */
  vapidSubject: string;
  /**
   * D40: the domain of the leads' reply addresses `reply+<token>@<domain>` (MAIL_REPLY_DOMAIN,
   * default the host of PUBLIC_BASE_URL), lower-cased.
   */
  mailReplyDomain: string;
  /** D40: INBOUND_SMTP_PORT, where the server process (not a worker) takes replies by SMTP on HOST (P201); undefined: no listener. */
  inboundSmtpPort: number | undefined;
  /** D40: INBOUND_MAIL_SECRET, the Bearer token of POST /inbound/mail; undefined: that route answers 401. */
  inboundMailSecret: string | undefined;
}

export type PhotoStorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** Key prefix without leading or trailing slash; '' for the bucket's root. */
      prefix: string;
      /** S3_ENDPOINT (MinIO, s3rver…; path-style addressing); undefined: AWS's own endpoint for the region. */
      endpoint: string | undefined;
      region: string;
      /** From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN; undefined: the SDK's default chain (P34). */
      credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
    };

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable} ${message}`);
    this.name = 'ConfigError';
  }
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses `500ms`, `10s`, `5m`, `2h`, `1d` (a bare number is seconds). */
export function parseDuration(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!m) return undefined;
  const value = Number(m[1]) * DURATION_UNITS[m[2] ?? 's']!;
  return Number.isFinite(value) && value > 0 ? Math.round(value) : undefined;
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

function int(env: Env, name: string, def: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return def;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function bool(env: Env, name: string, def: boolean): boolean {
  const raw = read(env, name);
  if (raw === undefined) return def;
  const v = raw.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(name, `must be true or false (got "${raw}")`);
}

function duration(env: Env, name: string, def: string): number {
  const raw = read(env, name) ?? def;
  const ms = parseDuration(raw);
  if (ms === undefined) throw new ConfigError(name, `must be a duration such as 10s, 5m or 4h (got "${raw}")`);
  return ms;
}

/** Renewed every third of it: under a second would mean a renewal query every few hundred ms per job. */
function jobLease(env: Env): number {
  const ms = duration(env, 'JOB_LEASE', '15s');
  if (ms < 1000) throw new ConfigError('JOB_LEASE', `must be at least 1s (got "${read(env, 'JOB_LEASE') ?? ''}")`);
  return ms;
}

/** D34: figures may lag by up to 60 s, so a process writes its counts at least that often (P95). */
function statsFlush(env: Env): number {
  const ms = duration(env, 'STATS_FLUSH_INTERVAL', '5s');
  if (ms < 100 || ms > 60_000)
    throw new ConfigError('STATS_FLUSH_INTERVAL', `must be between 100ms and 60s (got "${read(env, 'STATS_FLUSH_INTERVAL') ?? ''}")`);
  return ms;
}

/** A duration that may also be zero ("0", "0s"): something that can be turned off. */
function durationOrZero(env: Env, name: string, def: string): number {
  const raw = read(env, name) ?? def;
  if (/^\s*0+(?:\.0+)?\s*(ms|s|m|h|d)?\s*$/.test(raw)) return 0;
  const ms = parseDuration(raw);
  if (ms === undefined) throw new ConfigError(name, `must be a duration such as 0s, 5s or 1m (got "${raw}")`);
  return ms;
}

function durationList(env: Env, name: string, def: string): number[] {
  const raw = read(env, name) ?? def;
  const parts = raw.split(',').map((p) => parseDuration(p));
  if (parts.length === 0 || parts.some((p) => p === undefined)) {
    throw new ConfigError(name, `must be a comma-separated list of durations such as 1m,5m,30m,2h,6h (got "${raw}")`);
  }
  return parts as number[];
}

function url(env: Env, name: string, def: string): string {
  const raw = read(env, name) ?? def;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an absolute http(s) URL (got "${raw}")`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(name, `must be an absolute http(s) URL (got "${raw}")`);
  }
  if (parsed.search || parsed.hash) throw new ConfigError(name, `must not have a query or fragment (got "${raw}")`);
  return parsed.toString().replace(/\/+$/, '');
}

function servedBaseUrl(dataDir: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dataDir, SERVED_BASE_URL_FILE), 'utf8').trim();
  } catch {
    return undefined;
  }
  return /^https?:\/\/[^\s]+$/.test(text) ? text : undefined;
}

function databaseUrl(env: Env, def: string): string {
  const raw = read(env, 'DATABASE_URL') ?? def;
  if (/^sqlite:.+/.test(raw) || /^postgres(ql)?:\/\/.+/.test(raw)) return raw;
  throw new ConfigError('DATABASE_URL', `must be sqlite:<path> or postgres://… (got "${raw.replace(/:[^:@/]*@/, ':***@')}")`);
}

/** SECRET_KEY: 32 bytes written as 64 hex characters or as base64/base64url. */
function secretKey(env: Env): Buffer | undefined {
  const raw = read(env, 'SECRET_KEY');
  if (raw === undefined) return undefined;
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(raw) ? Buffer.from(raw, 'base64url') : undefined;
  if (!key || key.length !== 32) {
    throw new ConfigError('SECRET_KEY', 'must be 32 random bytes written as 64 hex characters or 43 base64 characters (e.g. `openssl rand -hex 32`)');
  }
  return key;
}

/** An outside service's address (SMTP_URL, REDIS_URL): unset, or a URL of one of `protocols` with a host; `shape` says what is expected. */
function serviceUrl(env: Env, name: string, protocols: readonly string[], shape: string): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(raw);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !protocols.includes(parsed.protocol) || !parsed.hostname) {
    throw new ConfigError(name, `must be ${shape} (got a value that is not)`);
  }
  return raw;
}

/** An address, optionally with a display name: `Name <a@b.c>` or `a@b.c`. */
function mailFrom(env: Env, def: string): string {
  const raw = read(env, 'MAIL_FROM') ?? def;
  if (!/^(?:[^<>\r\n]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/.test(raw)) {
    throw new ConfigError('MAIL_FROM', `must be an e-mail address, optionally as "Name <address>" (got "${raw}")`);
  }
  return raw;
}

function redisPrefix(env: Env): string {
  const raw = read(env, 'REDIS_PREFIX') ?? 'di:';
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(raw)) throw new ConfigError('REDIS_PREFIX', `must be 1 to 64 of A-Z a-z 0-9 : _ . - (got "${raw}")`);
  return raw;
}

/** REQUEST_TIMEOUT (D38, P67): from 1 s (tests use short ones) to 1 hour. */
function requestTimeout(env: Env): number {
  const ms = duration(env, 'REQUEST_TIMEOUT', '60s');
  if (ms < 1000 || ms > 3_600_000) throw new ConfigError('REQUEST_TIMEOUT', `must be from 1s to 1h (got "${read(env, 'REQUEST_TIMEOUT') ?? ''}")`);
  return ms;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustProxy(env: Env): false | string[] {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined || raw.toLowerCase() === 'false') return false;
  const parts = raw.split(',').map((p) => p.trim());
  const ok = parts.every((p) => {
    if (PROXY_NAMES.has(p)) return true;
    const [addr, bits, ...rest] = p.split('/');
    const family = net.isIP(addr ?? '');
    if (family === 0 || rest.length > 0) return false;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
  if (!ok) {
    throw new ConfigError('TRUST_PROXY', `must be false or the proxies' addresses/CIDR ranges such as 10.0.0.0/8,127.0.0.1 (got "${raw}")`);
  }
  return parts;
}

function metricsPort(env: Env, port: number): number | undefined {
  const raw = read(env, 'METRICS_PORT');
  if (raw === undefined) return undefined;
  const value = int(env, 'METRICS_PORT', 0, 1, 65535);
  if (value === port) throw new ConfigError('METRICS_PORT', `must differ from PORT (both are ${port})`);
  return value;
}

/** At least 16 printable characters without spaces: it is compared as sent in a header. */
function metricsToken(env: Env): string | undefined {
  const raw = read(env, 'METRICS_TOKEN');
  if (raw === undefined) return undefined;
  if (!/^[\x21-\x7e]{16,256}$/.test(raw)) {
    throw new ConfigError('METRICS_TOKEN', 'must be 16 to 256 printable characters without spaces (e.g. `openssl rand -hex 32`)');
  }
  return raw;
}

/** MAIL_REPLY_DOMAIN (D40): a host name, lower-cased; default the host of PUBLIC_BASE_URL. */
function mailReplyDomain(env: Env, publicBaseUrl: string): string {
  const raw = (read(env, 'MAIL_REPLY_DOMAIN') ?? new URL(publicBaseUrl).hostname).toLowerCase();
  if (!/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/.test(raw)) {
    throw new ConfigError('MAIL_REPLY_DOMAIN', `must be a domain name such as cars.example.com (got "${raw}")`);
  }
  return raw;
}

function inboundSmtpPort(env: Env, port: number, metrics: number | undefined): number | undefined {
  if (read(env, 'INBOUND_SMTP_PORT') === undefined) return undefined;
  const value = int(env, 'INBOUND_SMTP_PORT', 0, 0, 65535);
  if (value !== 0 && (value === port || value === metrics)) throw new ConfigError('INBOUND_SMTP_PORT', `must differ from PORT and METRICS_PORT (got ${value})`);
  return value;
}

/** INBOUND_MAIL_SECRET: at least 16 printable characters without spaces (compared as sent in a header). */
function inboundMailSecret(env: Env): string | undefined {
  const raw = read(env, 'INBOUND_MAIL_SECRET');
  if (raw === undefined) return undefined;
  if (!/^[\x21-\x7e]{16,256}$/.test(raw)) {
    throw new ConfigError('INBOUND_MAIL_SECRET', 'must be 16 to 256 printable characters without spaces (e.g. `openssl rand -hex 32`)');
  }
  return raw;
}

/** PHOTO_STORAGE: unset or `local`, or `s3://bucket[/prefix]` with S3_ENDPOINT, S3_REGION and the AWS_* credentials (P33, P34). */
function photoStorage(env: Env): PhotoStorageConfig {
  const raw = read(env, 'PHOTO_STORAGE');
  if (raw === undefined || raw.toLowerCase() === 'local') return { kind: 'local' };
  // Bucket names as S3 allows them (3–63 lower-case letters, digits, dots, hyphens); a prefix of
  // plain path segments (no empty, `.` or `..` segment), so a key never escapes it.
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/([A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*))?\/?$/.exec(raw);
  const prefix = m?.[2] ?? '';
  if (!m || prefix.split('/').some((seg) => seg === '.' || seg === '..')) {
    throw new ConfigError(
      'PHOTO_STORAGE',
      `must be local or s3://bucket[/prefix] (a bucket name of lower-case letters, digits, dots and hyphens) (got "${raw}")`,
    );
  }
  const endpoint = read(env, 'S3_ENDPOINT') === undefined ? undefined : url(env, 'S3_ENDPOINT', '');
  const region = read(env, 'S3_REGION') ?? 'us-east-1';
  // AWS's names (eu-west-1) and other providers' (auto, garage).
  if (!/^[a-z0-9-]{1,32}$/.test(region)) throw new ConfigError('S3_REGION', `must be a region name such as eu-west-1 (got "${region}")`);
  const accessKeyId = read(env, 'AWS_ACCESS_KEY_ID');
  const secretAccessKey = read(env, 'AWS_SECRET_ACCESS_KEY');
  const sessionToken = read(env, 'AWS_SESSION_TOKEN');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    const missing = accessKeyId === undefined ? 'AWS_ACCESS_KEY_ID' : 'AWS_SECRET_ACCESS_KEY';
    throw new ConfigError(missing, 'must be set together with AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (or neither, for the default credential chain)');
  }
  if (sessionToken !== undefined && accessKeyId === undefined) {
    throw new ConfigError('AWS_SESSION_TOKEN', 'needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  }
  const credentials = accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } : undefined;
  return { kind: 's3', bucket: m[1]!, prefix, endpoint, region, credentials };
}

/** PHOTO_PUBLIC_BASE_URL: https only (photos are shown on https pages), without a trailing slash. */
function photoPublicBaseUrl(env: Env): string | undefined {
  if (read(env, 'PHOTO_PUBLIC_BASE_URL') === undefined) return undefined;
  const base = url(env, 'PHOTO_PUBLIC_BASE_URL', '');
  if (!base.startsWith('https://')) throw new ConfigError('PHOTO_PUBLIC_BASE_URL', `must be an https URL (got "${base}")`);
  return base;
}

/** VAPID keys (P215): both or neither; a public key that is not the private key's is refused at start, not at the first push. */
function vapidKeys(env: Env): { publicKey: string; privateKey: string } | undefined {
  const pub = read(env, 'VAPID_PUBLIC_KEY');
  const priv = read(env, 'VAPID_PRIVATE_KEY');
  if (pub === undefined && priv === undefined) return undefined;
  if (pub === undefined || priv === undefined) {
    throw new ConfigError(
      pub === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY',
      'must be set together with the other VAPID key (or neither: keys derived from the server key)',
    );
  }
  const b64 = /^[A-Za-z0-9_-]+$/;
  const privateKey = b64.test(priv) ? Buffer.from(priv, 'base64url') : Buffer.alloc(0);
  if (privateKey.length !== 32) throw new ConfigError('VAPID_PRIVATE_KEY', 'must be 32 bytes in base64url (make a pair with `cli push vapid-keys`)');
  let derived: Buffer;
  try {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.setPrivateKey(privateKey);
    derived = ecdh.getPublicKey();
  } catch {
    throw new ConfigError('VAPID_PRIVATE_KEY', 'is not a P-256 private key (make a pair with `cli push vapid-keys`)');
  }
  if (!b64.test(pub) || !Buffer.from(pub, 'base64url').equals(derived)) {
    throw new ConfigError('VAPID_PUBLIC_KEY', 'must be the public key of VAPID_PRIVATE_KEY, in base64url (make a pair with `cli push vapid-keys`)');
  }
  return { publicKey: pub, privateKey: priv };
}

/** VAPID_SUBJECT: a `mailto:` address or an `https:` URL (RFC 8292); default `mailto:` + MAIL_FROM's address. */
function vapidSubject(env: Env, from: string): string {
  const raw = read(env, 'VAPID_SUBJECT');
  if (raw === undefined) return `mailto:${/<([^>]+)>/.exec(from)?.[1] ?? from}`;
  if (/^mailto:[^\s@]+@[^\s@]+$/.test(raw)) return raw;
  let parsed: URL | undefined;
  try {
    parsed = new URL(raw);
  } catch {
    parsed = undefined;
  }
  if (parsed?.protocol !== 'https:') throw new ConfigError('VAPID_SUBJECT', `must be mailto:<address> or an https URL (got "${raw}")`);
  return raw;
}

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The file in DATA_DIR where a started server writes the address it serves (server.ts). */
export const SERVED_BASE_URL_FILE = 'served-base-url';

/**
 * Reads and validates the whole configuration; throws ConfigError naming the first bad variable.
 * `servedBaseUrl`: with neither PUBLIC_BASE_URL nor PORT set, take the address the last server
 * on this DATA_DIR wrote, so the operator's command line prints links to the server that runs
 * (started with PORT=4000, say) rather than to port 3000 (the CLI only; P162).
 */
export function loadConfig(env: Env = process.env, opts: { servedBaseUrl?: boolean } = {}): Config {
  const port = int(env, 'PORT', 3000, 0, 65535);
  const dataDir = path.resolve(read(env, 'DATA_DIR') ?? './data');
  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info').toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  const served = opts.servedBaseUrl && read(env, 'PORT') === undefined ? servedBaseUrl(dataDir) : undefined;
  const publicBaseUrl = url(env, 'PUBLIC_BASE_URL', served ?? `http://localhost:${port}`);
  return {
    port,
    host: read(env, 'HOST') ?? '127.0.0.1',
    publicBaseUrl,
    // The default store lives in DATA_DIR, so a second instance with its own DATA_DIR never shares
    // the first one's database (issue 36).
    databaseUrl: databaseUrl(env, `sqlite:${path.join(dataDir, 'dealer-inventory.db')}`),
    dataDir,
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 120, 1, 1_000_000_000),
    webhookRetryScheduleMs: durationList(env, 'WEBHOOK_RETRY_SCHEDULE', '1m,5m,30m,2h,6h'),
    webhookTimeoutMs: duration(env, 'WEBHOOK_TIMEOUT', '10s'),
    feedPollIntervalMs: duration(env, 'FEED_POLL_INTERVAL', '4h'),
    feedPushPerMinute: int(env, 'FEED_PUSH_PER_MINUTE', 10, 1, 1_000_000_000),
    outboundAllowPrivateNetworks: bool(env, 'OUTBOUND_ALLOW_PRIVATE_NETWORKS', false),
    webhookAllowHttp: bool(env, 'WEBHOOK_ALLOW_HTTP', false),
    webhookMaxInFlight: int(env, 'WEBHOOK_MAX_IN_FLIGHT', 4, 1, 100),
    secretKey: secretKey(env),
    listingTtlDays: int(env, 'LISTING_TTL_DAYS', 90, 1, 3650),
    logLevel,
    photoTimeoutMs: duration(env, 'PHOTO_TIMEOUT', '30s'),
    jobConcurrency: int(env, 'JOB_CONCURRENCY', 8, 0, 256),
    jobQuickConcurrency: int(env, 'JOB_QUICK_CONCURRENCY', 8, 1, 256),
    imageConcurrency: int(env, 'IMAGE_CONCURRENCY', os.availableParallelism(), 1, 64),
    imageIdlePolicy: bool(env, 'IMAGE_IDLE_POLICY', false),
    jobPollIntervalMs: duration(env, 'JOB_POLL_INTERVAL', '1s'),
    jobLeaseMs: jobLease(env),
    shutdownDelayMs: durationOrZero(env, 'SHUTDOWN_DELAY', '0s'),
    inquiriesPerHour: int(env, 'INQUIRIES_PER_HOUR', 20, 1, 1_000_000_000),
    statsFlushMs: statsFlush(env),
    smtpUrl: serviceUrl(env, 'SMTP_URL', ['smtp:', 'smtps:'], 'smtp://[user:pass@]host[:port] or smtps://…'),
    mailFrom: mailFrom(env, `Dealer Inventory <no-reply@${new URL(publicBaseUrl).hostname}>`),
    trustProxy: trustProxy(env),
    leadRetentionDays: int(env, 'LEAD_RETENTION_DAYS', 730, 1, 36_500),
    metricsPort: metricsPort(env, port),
    metricsToken: metricsToken(env),
    photoStorage: photoStorage(env),
    photoPublicBaseUrl: photoPublicBaseUrl(env),
    redisUrl: serviceUrl(env, 'REDIS_URL', ['redis:', 'rediss:'], 'redis://[user:pass@]host[:port][/db] or rediss://…'),
    redisPrefix: redisPrefix(env),
    requestTimeoutMs: requestTimeout(env),
    maxConnectionsPerAddress: int(env, 'MAX_CONNECTIONS_PER_ADDRESS', 64, 0, 100_000),
    vapid: vapidKeys(env),
    vapidSubject: vapidSubject(env, mailFrom(env, `Dealer Inventory <no-reply@${new URL(publicBaseUrl).hostname}>`)),
    mailReplyDomain: mailReplyDomain(env, publicBaseUrl),
    inboundSmtpPort: inboundSmtpPort(env, port, metricsPort(env, port)),
    inboundMailSecret: inboundMailSecret(env),
  };
}
