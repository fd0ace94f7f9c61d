/**
 * Where the offline capture queue lives. Shared by the app (queue-store.ts) and the service worker
 * that app/build/pwa.ts generates as plain text, so both always open the same database.
 */
export const QUEUE_DB = "shinian-capture";
export const QUEUE_STORE = "queue";
/**
 * Queued 批注 live in a database of their own (object store QUEUE_STORE): a tab or service worker
 * of a release before 批注 reads QUEUE_DB and would send one as a new idea.
 */
export const ANNOTATION_DB = "shinian-annotations";
/** The record the service worker sends with: the signed-in user and their token. */
export const SESSION_KEY = "session";
/** A queued capture's key: the user first, so a queue is only ever read under its own account. */
export const queueKey = (c: { userId: string; clientId: string }) => `${c.userId}/${c.clientId}`;
