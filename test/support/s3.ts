// A throw-away S3-protocol server (s3rver) in this test process: its own temporary directory, a
// `photos` bucket, credentials S3RVER/S3RVER. `.stop()` then `.start()` again on the same port
// and directory simulates an outage of the object store.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

const TEST_BUCKET = 'photos';

export class TestS3 {
  private server: S3rver | undefined;
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-s3-'));
  port = 0;
  private client: S3Client | undefined;

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The service's variables for this server: PHOTO_STORAGE=s3://photos/<prefix>. */
  env(prefix: string): Record<string, string> {
    return {
      PHOTO_STORAGE: `s3://${TEST_BUCKET}/${prefix}`,
      S3_ENDPOINT: this.endpoint,
      S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    };
  }

  /** Starts (or starts again, on the port it had). */
  async start(): Promise<this> {
    this.server = new S3rver({ address: '127.0.0.1', port: this.port, directory: this.dir, silent: true, configureBuckets: [{ name: TEST_BUCKET }] });
    this.port = (await this.server.run()).port;
    return this;
  }

  /** Stops listening and drops open connections: the store is down until start(). */
  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (!s) return;
    s.httpServer?.closeAllConnections();
    await s.close();
  }

  private sdk(): S3Client {
    this.client ??= new S3Client({
      endpoint: this.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    return this.client;
  }

  /** Every key in the bucket under the prefix, sorted. */
  async keys(prefix = ''): Promise<string[]> {
    const out = await this.sdk().send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: prefix }));
    return (out.Contents ?? []).map((o) => o.Key!).sort();
  }

  async object(key: string): Promise<{ body: Buffer; contentType: string | undefined; cacheControl: string | undefined }> {
    const out = await this.sdk().send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key: key }));
    return { body: Buffer.from(await out.Body!.transformToByteArray()), contentType: out.ContentType, cacheControl: out.CacheControl };
  }

  async dispose(): Promise<void> {
    this.client?.destroy();
    await this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

export async function startTestS3(): Promise<TestS3> {
  return new TestS3().start();
}
