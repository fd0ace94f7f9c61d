import { Hono } from "hono";
import { expect, test } from "vitest";
import type { AppEnv } from "../src/context.ts";
import { mount } from "../src/lib/endpoint.ts";

// The @ts-expect-error lines are the test of the compile-time check: `npm run typecheck` fails the
// day a wrong answer compiles.
test("a handler's answer is checked against the contract when it compiles, and guarded endpoints get their guard", () => {
  const app = new Hono<AppEnv>();
  // @ts-expect-error getIdea answers an Idea, not this
  mount(app, "getIdea", () => ({ data: { wrong: true } }));
  // @ts-expect-error a JSON endpoint answers its data, not a bare Response
  mount(app, "deleteIdea", () => new Response());
  // @ts-expect-error no such endpoint in the contract
  expect(() => mount(app, "nope", () => ({ data: null }))).toThrow();
  mount(app, "deleteNote", () => ({ data: null, message: "笔记已删除" }));
  mount(app, "health", () => ({ data: { status: "ok" as const } }));

  const registered = app.routes.map((r) => `${r.method} ${r.path}`);
  expect(registered).toEqual([
    "GET /api/ideas/:id",
    "GET /api/ideas/:id",
    "DELETE /api/ideas/:id",
    "DELETE /api/ideas/:id",
    "DELETE /api/notes/:id",
    "DELETE /api/notes/:id",
    "GET /api/health",
  ]);
});
