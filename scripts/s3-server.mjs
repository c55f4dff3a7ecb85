// A local S3-protocol server (s3rver, a devDependency) for the one-machine cluster
// (scripts/cluster.sh) and the scale benchmark: path-style on loopback, files under a data
// directory, the bucket(s) made at start, the access key S3RVER with the secret S3RVER.
// Not for production: it is a test double of S3, with no durability guarantees.
//
// Usage: S3_PORT=4568 S3_DIR=/tmp/s3 [S3_BUCKETS=photos] [HOST=127.0.0.1] node scripts/s3-server.mjs
// Prints one line `s3 ready http://127.0.0.1:4568` once it listens; SIGTERM/SIGINT close it.
import fs from 'node:fs';
import S3rver from 's3rver';

const port = Number(process.env.S3_PORT ?? 4568);
const address = process.env.HOST ?? '127.0.0.1';
const directory = process.env.S3_DIR ?? '/tmp/dealer-inventory-s3';
const buckets = (process.env.S3_BUCKETS ?? 'photos')
  .split(',')
  .map((b) => b.trim())
  .filter(Boolean);

fs.mkdirSync(directory, { recursive: true });
const server = new S3rver({
  address,
  port,
  directory,
  silent: true,
  // Path-style only: http://host:port/<bucket>/<key>, no DNS names per bucket.
  vhostBuckets: false,
  configureBuckets: buckets.map((name) => ({ name, configs: [] })),
});
await server.run();
process.stdout.write(`s3 ready http://${address}:${port}\n`);

const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
