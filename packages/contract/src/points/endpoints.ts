import type { WingEndpoints } from "../endpoint.ts";
import { routes } from "../routes.ts";
import { LedgerPageSchema, LedgerQuerySchema, PointsSchema } from "./schemas.ts";

/** AI points: the balance with the prices, and the ledger. */
export const pointsEndpoints = {
  getPoints: { ...routes.getPoints, tag: "AI点数", summary: "余额与价目", auth: true, data: PointsSchema },
  listLedger: {
    ...routes.listLedger,
    tag: "AI点数",
    summary: "点数明细（新的在前，游标分页）",
    auth: true,
    query: LedgerQuerySchema,
    data: LedgerPageSchema,
  },
} satisfies WingEndpoints<"points">;
