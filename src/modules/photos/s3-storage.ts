// Photos in an S3-protocol bucket (P33): one store for every process. The SDK is loaded only when
// this store is configured (P34): a server on the default local store neither parses nor keeps it.
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { PhotoStorageConfig } from '../../core/config.js';
import type { Variant } from './url.js';
import { CONTENT_TYPES, PHOTO_CACHE_CONTROL, photoKey, StorageUnavailable, type PhotoStorage, type StoredPhoto } from './storage.js';

type S3Config = Extract<PhotoStorageConfig, { kind: 's3' }>;

/** Until a connection is made. */
const CONNECT_TIMEOUT_MS = 3_000;
/** Until the answer's headers, for reads and probes: a visitor waits on them. */
const READ_TIMEOUT_MS = 3_000;
/** Until the answer's headers for an upload (an original may be several MB); the job retries past it. */
const WRITE_TIMEOUT_MS = 30_000;
/**
 * A body that stops moving for this long (a bucket stalled half-way) is abandoned. Generous: a
 * slow visitor's backpressure pauses the bucket's socket too, and must not cut their photo.
 */
const IDLE_TIMEOUT_MS = 60_000;

interface Loaded {
  sdk: typeof S3;
  client: S3.S3Client;
}

export class S3PhotoStorage implements PhotoStorage {
  private readonly loaded: Promise<Loaded>;
  private readonly prefix: string;

  constructor(private readonly config: S3Config) {
    this.prefix = config.prefix ? `${config.prefix}/` : '';
    // Loaded at start-up, not while the first visitor waits; a failure to load surfaces on first
    // use (check, write, open) rather than as an unhandled rejection.
    this.loaded = import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: this.makeClient(sdk) }));
    this.loaded.catch(() => {});
  }

  private makeClient(sdk: typeof S3): S3.S3Client {
    const { endpoint, region, credentials } = this.config;
    return new sdk.S3Client({
      region,
      // An explicit endpoint (MinIO, s3rver, other providers) is addressed path-style: its host
      // name is not the bucket's.
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      // Absent: the SDK's default chain (instance or task role, web identity, ~/.aws) (P34).
      ...(credentials ? { credentials } : {}),
      // One retry inside the SDK; the download job retries with its own backoff beyond it.
      maxAttempts: 2,
      // Checksums only where S3 requires them: S3-compatible servers differ in what they accept,
      // and a photo's integrity is its name (a SHA-256 of the downloaded bytes).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: CONNECT_TIMEOUT_MS,
        requestTimeout: READ_TIMEOUT_MS,
        throwOnRequestTimeout: true,
        socketTimeout: IDLE_TIMEOUT_MS,
      },
    });
  }

  private keyOf(fileId: string, variant: Variant, ext: string): string {
    return this.prefix + photoKey(fileId, variant, ext);
  }

  private async send<T>(what: string, run: (l: Loaded) => Promise<T>): Promise<T> {
    const l = await this.loaded;
    try {
      return await run(l);
    } catch (err) {
      throw new StorageUnavailable(`photo storage s3://${this.config.bucket} did not ${what}: ${describe(err)}`, { cause: err });
    }
  }

  async write(fileId: string, variant: Variant, ext: string, data: Buffer): Promise<void> {
    // One PUT is atomic: a reader sees the whole object or none.
    await this.send('store a photo', ({ sdk, client }) =>
      client.send(
        new sdk.PutObjectCommand({
          Bucket: this.config.bucket,
          Key: this.keyOf(fileId, variant, ext),
          Body: data,
          ContentLength: data.length,
          ContentType: CONTENT_TYPES[ext]!,
          CacheControl: PHOTO_CACHE_CONTROL,
        }),
        { requestTimeout: WRITE_TIMEOUT_MS },
      ),
    );
  }

  async exists(fileId: string, ext: string): Promise<boolean> {
    for (const variant of ['display', 'original'] as const) {
      const found = await this.send('answer', async ({ sdk, client }) => {
        try {
          await client.send(new sdk.HeadObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(fileId, variant, ext) }));
          return true;
        } catch (err) {
          if (isMissing(err)) return false;
          throw err;
        }
      });
      if (!found) return false;
    }
    return true;
  }

  async open(fileId: string, variant: Variant, ext: string): Promise<StoredPhoto | undefined> {
    return this.send('answer', async ({ sdk, client }) => {
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(fileId, variant, ext) }));
        if (!out.Body || out.ContentLength === undefined) throw new Error('an answer without a body');
        return { stream: out.Body as Readable, size: out.ContentLength, contentType: CONTENT_TYPES[ext]! };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    });
  }

  publicKey(fileId: string, variant: Variant, ext: string): string {
    return this.keyOf(fileId, variant, ext);
  }

  async check(): Promise<void> {
    await this.send('answer', ({ sdk, client }) => client.send(new sdk.HeadBucketCommand({ Bucket: this.config.bucket })));
  }

  async close(): Promise<void> {
    try {
      (await this.loaded).client.destroy();
    } catch {
      // never loaded: nothing to close
    }
  }
}

/** 404 (NoSuchKey on GET, NotFound on HEAD). S3 answers 403 instead when ListBucket is not granted (see docs/photos.md). */
function isMissing(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const code = (err as { code?: string }).code;
  return [err.name !== 'Error' ? err.name : undefined, code, status ? `HTTP ${status}` : undefined, err.message].filter(Boolean).join(': ').slice(0, 300);
}
