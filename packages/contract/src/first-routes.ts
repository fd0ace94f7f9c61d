import type { Route } from "./route-path.ts";

/**
 * The calls /login and 首页 make before a first tap, and the ones a capture needs offline: written
 * here and named in `routes` in their place, so the app's first screens load this small table and fetch the
 * whole one on the first other call (docs/benchmarks-web.md has the bytes).
 */
export const firstRoutes = {
  authOptions: { method: "get", path: "/api/auth/options" },
  login: { method: "post", path: "/api/auth/login" },
  register: { method: "post", path: "/api/auth/register" },
  me: { method: "get", path: "/api/auth/me" },
  getProfile: { method: "get", path: "/api/profile" },
  feed: { method: "get", path: "/api/feed" },
  listTags: { method: "get", path: "/api/tags" },
  listIdeas: { method: "get", path: "/api/ideas" },
  getIdea: { method: "get", path: "/api/ideas/{id}" },
  createIdea: { method: "post", path: "/api/ideas" },
  updateIdea: { method: "patch", path: "/api/ideas/{id}" },
  createNote: { method: "post", path: "/api/notes" },
  aiStatus: { method: "get", path: "/api/ai/status" },
  getPoints: { method: "get", path: "/api/points" },
  createAttachment: { method: "post", path: "/api/attachments" },
  transcribeAttachment: { method: "post", path: "/api/attachments/{id}/transcribe" },
  // the live stream, opened right after first paint: without a table to fetch first
  liveEvents: { method: "get", path: "/api/events" },
} as const satisfies Record<string, Route>;
