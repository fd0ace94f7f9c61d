// s3rver 3.7 ships no types: what server/test/attachments/local-s3.ts uses of it.
declare module "s3rver" {
  import type { AddressInfo } from "node:net";
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory?: string;
      resetOnClose?: boolean;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
