/** The little of s3rver (no published types) the tests use: tests/support/s3-server.ts. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      directory: string;
      silent?: boolean;
      configureBuckets?: Array<{ name: string; configs: unknown[] }>;
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
