import type { Db } from "../db/pool.ts";
import type { PushConfig } from "../env.ts";
import { open, seal, sealedPrefix } from "../shared/secret-box.ts";
import { listChannelsNotSealedWith, resealChannel } from "./push.store.ts";
import type { ChannelConfig } from "./vendors.ts";

type Where = { userId: string; channelId: string };
const context = (w: Where) => ["push channel", w.userId, w.channelId];

/**
 * A channel's address and secrets, sealed for one channel of one user under SECRET_KEY (as the
 * WebDAV password is): copied to another row, it does not open.
 */
export const sealConfig = (key: Buffer, config: ChannelConfig, where: Where) =>
  seal(key, JSON.stringify(config), context(where));

/** The configuration in clear, or null when no key of this server opens it. */
export function openConfig(config: PushConfig, sealed: Buffer, where: Where): ChannelConfig | null {
  const keys = config.key ? [config.key, ...config.previousKeys] : [];
  const opened = open(keys, sealed, context(where), "\0no first format");
  return opened ? (JSON.parse(opened.plaintext) as ChannelConfig) : null;
}

const PAGE = 100;
const BEFORE_ANY = "00000000-0000-0000-0000-000000000000";

/** Every channel not sealed under the current key is sealed again under it, by the periodic sweep. */
export async function resealStaleChannels(deps: { config: { push: PushConfig }; db: Db }) {
  const config = deps.config.push;
  const done = { resealed: 0, unreadable: 0 };
  if (!config.key) return done;
  let after = BEFORE_ANY;
  for (;;) {
    const page = await listChannelsNotSealedWith(deps.db, sealedPrefix(config.key), after, PAGE);
    for (const row of page) {
      const where = { userId: row.user_id, channelId: row.id };
      const opened = openConfig(config, row.config_enc, where);
      if (!opened) done.unreadable++;
      else {
        await resealChannel(deps.db, row.id, sealConfig(config.key, opened, where));
        done.resealed++;
      }
    }
    if (page.length < PAGE) return done;
    after = page[page.length - 1]!.id;
  }
}
