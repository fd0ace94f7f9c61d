import type { Mount } from "../http/mount.ts";
import { aiInfo } from "./info.ts";

export const aiRoutes = (mount: Mount) =>
  mount("aiStatus", async ({ deps, userId }) => ({
    data: await aiInfo(deps.config, deps.db, userId),
  }));
