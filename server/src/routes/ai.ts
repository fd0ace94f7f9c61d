import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { mount } from "../lib/endpoint.ts";
import { aiInfo } from "../services/ai/info.ts";

export const aiRoutes = (app: Hono<AppEnv>) =>
  mount(app, "aiStatus", (c) => ({ data: aiInfo(c.var.deps.config) }));
