import type { WingEndpoints } from "../endpoint.ts";
import { routes } from "../routes.ts";
import { HealthSchema } from "./schemas.ts";

/** The server itself. */
export const systemEndpoints = {
  health: { ...routes.health, tag: "系统", summary: "健康检查", auth: false, data: HealthSchema },
} satisfies WingEndpoints<"system">;
