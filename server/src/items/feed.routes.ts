import { withAttachments } from "../attachments/items.ts";
import { type Queryable, sharedTransaction } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import { decodeCursor } from "../http/cursor.ts";
import type { Mount } from "../http/mount.ts";
import { quotaTx } from "../points/usage.store.ts";
import { limitWrites } from "../points/write-limits.ts";
import { withAnnotationCounts } from "./annotations.store.ts";
import { feedPage } from "./feed.ts";
import { updateIdea } from "./ideas.store.ts";
import { type NoteEditPlan, planNoteEdit, updateNote } from "./notes.store.ts";

const DEADLOCK = "40P01";

const lockRows = (
  client: Queryable,
  table: "ideas" | "notes",
  userId: string,
  edits: { type: string; id: string }[],
) => {
  const ids = edits.filter((e) => `${e.type}s` === table).map((e) => e.id);
  if (ids.length === 0) return;
  return client.query(`SELECT 1 FROM ${table} WHERE user_id = $1 AND id = ANY($2) ORDER BY id FOR UPDATE`, [
    userId,
    ids,
  ]);
};

export const feedRoutes = (mount: Mount) => {
  mount("feed", async ({ deps, userId, query: q }) => {
    const page = await feedPage(deps.db, userId, { ...q, cursor: decodeCursor(q.cursor, "uuid") });
    const items = await withAnnotationCounts(deps.db, userId, page.items);
    return { data: { ...page, items: await withAttachments(deps, userId, items) } };
  });
  mount("editItems", async ({ deps, userId, body }) => {
    const { db, config } = deps;
    await limitWrites(deps, userId, "notes", "批量修改");
    // a note's search words (up to 200,000 characters, in a worker) are made before the batch
    // holds any row, the usage row or a tag count: other writes of the account never wait on them
    const plans = new Map<string, NoteEditPlan>();
    for (const { type, id, ...edit } of body.edits)
      if (type === "note") plans.set(id, await planNoteEdit(db, userId, id, edit));
    // each an ordinary edit (the same checks, 409 on a stale base), all in one transaction
    await quotaTx(db, config.quota, async (client) => {
      const within = sharedTransaction(client);
      // Every row locked up front, in one order (ideas before notes, as a rename): each edit's
      // trigger then takes the usage row, and migration 013 lets no transaction holding it wait
      // for another row. Edited in request order, a single edit of B (holding B, waiting for
      // usage) and this batch (holding usage, waiting for B) would deadlock.
      await lockRows(client, "ideas", userId, body.edits);
      await lockRows(client, "notes", userId, body.edits);
      for (const { type, id, ...edit } of body.edits) {
        try {
          if (type === "idea") await updateIdea(within, config.quota, userId, id, edit);
          else await updateNote(within, config.quota, userId, id, edit, plans.get(id));
        } catch (err) {
          if (err instanceof ApiError && err.status === 409)
            throw new ApiError("CONFLICT", "有内容已在别处修改过，这次什么都没有改");
          throw err;
        }
      }
    }).catch((err: unknown) => {
      if ((err as { code?: string }).code === DEADLOCK)
        throw new ApiError("CONFLICT", "有内容正在别处修改，这次什么都没有改，请重试");
      throw err;
    });
    return { message: `已修改 ${body.edits.length} 条内容`, data: { count: body.edits.length } };
  });
};
