import type { WingEndpoints } from "../endpoint.ts";
import { routes } from "../routes.ts";
import { LiveStreamEventSchemas } from "./schemas.ts";

/** The live stream of the account's changes, for its open devices (docs/api.md, 实时事件). */
export const eventEndpoints = {
  liveEvents: {
    ...routes.liveEvents,
    tag: "实时事件",
    summary:
      "实时事件（SSE）：本账号想法、笔记的新增、修改、删除与每日回顾，未读周报/月报数的变化；重连时带 Last-Event-ID 补发错过的（一小时或 1000 条以内，否则发 reload）",
    auth: true,
    token: "read",
    produces: "text/event-stream",
    events: LiveStreamEventSchemas,
    errors: [403, 429],
  },
} satisfies WingEndpoints<"events">;
