// Types for the parts of @20minutes/s3rver (a local S3 server, test/support/s3.ts) the tests use.
declare module "@20minutes/s3rver" {
  export type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  };
  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Koa's middleware list: s3rver's router is the last. */
    middleware: unknown[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

declare module "@20minutes/s3rver/lib/middleware/authentication.js" {
  /** s3rver's request-signature check, as Koa middleware (throws a 403 S3 error on a bad signature). */
  // biome-ignore lint/suspicious/noExplicitAny: a Koa context.
  export default function authentication(): (ctx: any, next: () => Promise<void>) => Promise<void>;
}
