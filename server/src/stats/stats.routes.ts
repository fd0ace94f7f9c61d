import type { Mount } from "../http/mount.ts";
import { stats } from "./stats.ts";

export function statsRoutes(mount: Mount) {
  mount("getStats", async ({ deps, userId }) => ({ data: await stats(deps, userId) }));
}
