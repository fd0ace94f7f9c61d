import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

export type LocalS3 = {
  /** The S3_* settings that point the server at it. */
  env: Record<string, string>;
  /** The keys in the bucket under `prefix`, sorted. */
  keys(prefix?: string): Promise<string[]>;
  client: S3Client;
  bucket: string;
  stop(): Promise<void>;
};

/**
 * A real S3-protocol server (s3rver, objects in a temporary directory) on a free port: the stand-in
 * for MinIO, 阿里云 OSS or 腾讯云 COS, spoken to by the AWS SDK as they would be. s3rver takes
 * any signature from its one account (S3RVER / S3RVER); it needs path-style addressing.
 */
export async function startLocalS3(): Promise<LocalS3> {
  const bucket = "shinian-files";
  const directory = await mkdtemp(path.join(os.tmpdir(), "shinian-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: "us-east-1",
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  };
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  return {
    env,
    client,
    bucket,
    async keys(prefix = "") {
      const { Contents } = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (Contents ?? []).map((o) => o.Key!).sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
