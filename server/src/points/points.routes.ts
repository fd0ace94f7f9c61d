import { aiCosts } from "../ai/info.ts";
import { decodeCursor } from "../http/cursor.ts";
import type { Mount } from "../http/mount.ts";
import { getBalance, listLedger } from "./points.store.ts";

export function pointsRoutes(mount: Mount) {
  mount("getPoints", async ({ deps, userId }) => ({
    data: {
      balance: await getBalance(deps.db, userId),
      costs: aiCosts(deps.config),
    },
  }));
  mount("listLedger", async ({ deps, userId, query: q }) => ({
    data: await listLedger(deps.db, userId, {
      limit: q.limit,
      cursor: decodeCursor(q.cursor, "bigint"),
    }),
  }));
}
