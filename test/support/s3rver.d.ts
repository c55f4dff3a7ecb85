// The part of s3rver (an S3-protocol server in node, for tests) that test/support/s3.ts uses; the package ships no types.
declare module 's3rver' {
  import type http from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string }[];
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    httpServer?: http.Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
