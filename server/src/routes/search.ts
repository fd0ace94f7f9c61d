import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { ApiError } from "../errors.ts";
import { mount } from "../lib/endpoint.ts";
import { perUserSlots } from "../lib/per-user-slots.ts";
import { hybridSearch } from "../services/hybrid-search.ts";

/** Searches a person may have waiting behind their running ones (typing fast, two tabs). */
const SEARCHES_WAITING = 8;

/** Mounted per app: the searches running belong to this process's app. */
export function searchRoutes(app: Hono<AppEnv>) {
  let inSlot: ReturnType<typeof perUserSlots> | undefined;
  const refuse = () =>
    new ApiError("RATE_LIMITED", "同时进行的搜索太多了，请稍后再试", { headers: { "Retry-After": "1" } });
  mount(app, "search", async (c, { query: q }) => {
    inSlot ??= perUserSlots(c.var.deps.config.searchesPerUser, SEARCHES_WAITING);
    const data = await inSlot(
      c.var.auth.userId,
      () => hybridSearch(c.var.deps, c.var.auth.userId, q.q, q.limit),
      refuse,
    );
    return { data };
  });
}
