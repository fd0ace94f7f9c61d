import type { Mount } from "../http/mount.ts";
import { backlinksOf, resolveLinks } from "./links.ts";

export function linkRoutes(mount: Mount) {
  mount("itemBacklinks", async ({ deps, userId, params }) => ({
    data: await backlinksOf(deps.db, userId, params.type, params.id),
  }));
  mount("resolveLinks", async ({ deps, userId, body }) => ({
    data: { items: await resolveLinks(deps.db, userId, body.refs) },
  }));
}
