import type { S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "../env.ts";

/**
 * Files in an S3-compatible bucket (S3_*), through the AWS SDK's own client. Keys are scoped to
 * the owner, the same as migration 028's attachment_object_keys: one account's files are under
 * `users/{userId}/`, and deleting it names only those.
 */
export const objectKey = (userId: string, id: string, variant: "file" | "thumb") =>
  `users/${userId}/${id}${variant === "thumb" ? ".thumb" : ""}`;

export type ObjectStore = {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes (only `span` of them when given) as they stream from the bucket; null when there is no such object. */
  stream(key: string, span?: { start: number; end: number }): Promise<ReadableStream<Uint8Array> | null>;
  read(key: string): Promise<Buffer | null>;
  /** Deletes the objects (up to 1000); one that is already gone is no error. */
  delete(keys: string[]): Promise<void>;
};

const stores = new WeakMap<S3Settings, Promise<ObjectStore>>();

/** The bucket of these settings, its client made once (the SDK loads on first use, not at start-up). */
export function objectStore(settings: S3Settings): Promise<ObjectStore> {
  let store = stores.get(settings);
  if (!store) {
    store = makeStore(settings);
    stores.set(settings, store);
  }
  return store;
}

async function makeStore(s: S3Settings): Promise<ObjectStore> {
  const sdk = await import("@aws-sdk/client-s3");
  const client: S3Client = new sdk.S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    // The SDK's default since 3.729 adds CRC32 checksums to every upload, which S3-compatible
    // services other than AWS (s3rver, older MinIO, some clouds' S3 gateways) refuse or mangle:
    // checksums only where the operation demands one.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    // a request to a bucket that stops answering must not hold an upload or a download forever
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const missing = (error: unknown) =>
    error instanceof sdk.NoSuchKey || (error as { name?: string }).name === "NotFound";
  const get = async (key: string, span?: { start: number; end: number }) => {
    const Range = span ? `bytes=${span.start}-${span.end}` : undefined;
    try {
      return (
        (await client.send(new sdk.GetObjectCommand({ Bucket: s.bucket, Key: key, Range }))).Body ?? null
      );
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  };
  return {
    async put(key, bytes, contentType) {
      await client.send(
        new sdk.PutObjectCommand({ Bucket: s.bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },
    async stream(key, span) {
      return (await get(key, span))?.transformToWebStream() ?? null;
    },
    async read(key) {
      const body = await get(key);
      return body ? Buffer.from(await body.transformToByteArray()) : null;
    },
    async delete(keys) {
      if (keys.length === 0) return;
      const { Errors } = await client.send(
        new sdk.DeleteObjectsCommand({
          Bucket: s.bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (Errors ?? []).filter((e) => e.Code !== "NoSuchKey");
      if (failed.length > 0)
        throw new Error(`bucket refused to delete ${failed.length} objects: ${failed[0]?.Code}`);
    },
  };
}
