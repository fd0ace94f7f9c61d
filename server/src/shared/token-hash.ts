import { createHash } from "node:crypto";

/** What is stored of a bearer token (session or capture token): its sha256, never the token. */
export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest();
