import { createHmac, randomBytes } from "node:crypto";

/** A new signing secret, Standard Webhooks' form: `whsec_` and 32 random bytes in base64. */
export const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/**
 * The three headers of a Standard Webhooks delivery: `webhook-signature` is `v1,` and the
 * base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's bytes after `whsec_`.
 */
export function signedHeaders(secret: string, msgId: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000).toString();
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const signature = createHmac("sha256", key).update(`${msgId}.${timestamp}.${body}`).digest("base64");
  return { "webhook-id": msgId, "webhook-timestamp": timestamp, "webhook-signature": `v1,${signature}` };
}
