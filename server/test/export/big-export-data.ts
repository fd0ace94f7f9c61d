import { randomBytes } from "node:crypto";
import { AVATAR_MAX_BYTES } from "@shinian/contract";
import { saveAvatar } from "../../src/accounts/profile.store.ts";
import type { TestCtx, TestUser } from "../helpers.ts";

// 200,000 random CJK characters: deflate saves little on them (its window is 32 KB, so the same
// text in several notes is no easier).
const RANDOM_BYTES = randomBytes(400_000);
const RANDOM_TEXT = Array.from({ length: 200_000 }, (_, i) =>
  String.fromCharCode(0x4e00 + (RANDOM_BYTES.readUInt16LE(i * 2) % 20_000)),
).join("");

/**
 * A 2 MB avatar of random bytes and six notes of random CJK characters: the export is about
 * 6 MB, more than both sockets' buffers on loopback hold (about 4 MB here), so a client that
 * stops reading does stall the server's writes.
 */
export async function withBigData(ctx: TestCtx, u: TestUser) {
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    randomBytes(AVATAR_MAX_BYTES - 1024),
  ]);
  await saveAvatar(ctx.db, ctx.config.quota, u.id, "image/png", png);
  await ctx.db.query(
    "INSERT INTO notes (user_id, title, content) SELECT $1, '长笔记 ' || n, $2 FROM generate_series(1, 6) n",
    [u.id, RANDOM_TEXT],
  );
  return u;
}
