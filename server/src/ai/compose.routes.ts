import type { Mount } from "../http/mount.ts";
import { limitWrites } from "../points/write-limits.ts";
import { composeNote } from "./compose.ts";

/** 整理成笔记: a note composed by AI from chosen ideas. */
export function composeRoutes(mount: Mount) {
  mount("composeNote", async ({ deps, userId, body }) => {
    await limitWrites(deps, userId, "notes");
    return {
      message: "已整理成笔记",
      data: await composeNote(deps, userId, body.ideaIds),
    };
  });
}
