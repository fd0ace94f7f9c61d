import type { Db } from "../db/pool.ts";
import type { WebhookConfig } from "../env.ts";
import { open, seal, sealedPrefix } from "../shared/secret-box.ts";
import { listWebhooksNotSealedWith, resealWebhookSecret } from "./webhooks.store.ts";

type Where = { userId: string; webhookId: string };
const context = (w: Where) => ["webhook", w.userId, w.webhookId];

/** Sealed for one webhook of one user under SECRET_KEY: copied to another row, it does not open. */
export const sealSecret = (key: Buffer, secret: string, where: Where) => seal(key, secret, context(where));

/** The secret in clear, or null when no key of this server opens it; `stale`: under SECRET_KEY_PREVIOUS. */
export function openSecret(config: WebhookConfig, sealed: Buffer, where: Where) {
  const keys = config.key ? [config.key, ...config.previousKeys] : [];
  return open(keys, sealed, context(where), "\0no first format");
}

const PAGE = 100;
const BEFORE_ANY = "00000000-0000-0000-0000-000000000000";

/**
 * Every secret not sealed under the current key is sealed again under it, by the periodic sweep
 * (as WebDAV passwords are): a webhook switched off is never read, yet its secret must survive
 * SECRET_KEY_PREVIOUS going away.
 */
export async function resealStaleSecrets(deps: { config: { webhooks: WebhookConfig }; db: Db }) {
  const config = deps.config.webhooks;
  const done = { resealed: 0, unreadable: 0 };
  if (!config.key) return done;
  let after = BEFORE_ANY;
  for (;;) {
    const page = await listWebhooksNotSealedWith(deps.db, sealedPrefix(config.key), after, PAGE);
    for (const row of page) {
      const where = { userId: row.user_id, webhookId: row.id };
      const opened = openSecret(config, row.secret_enc, where);
      if (!opened) done.unreadable++;
      else {
        await resealWebhookSecret(deps.db, row.id, sealSecret(config.key, opened.plaintext, where));
        done.resealed++;
      }
    }
    if (page.length < PAGE) return done;
    after = page[page.length - 1]!.id;
  }
}
