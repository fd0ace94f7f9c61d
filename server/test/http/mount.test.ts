import { Hono } from "hono";
import { expect, test } from "vitest";
import type { AppEnv } from "../../src/context.ts";
import { mounter } from "../../src/http/mount.ts";

// The @ts-expect-error lines are the test of the compile-time check: `npm run typecheck` fails the
// day a wrong answer compiles.
test("a handler's answer is checked against the contract when it compiles, and guarded endpoints get their guard", () => {
  const app = new Hono<AppEnv>();
  const guarded: (string | undefined)[] = [];
  const mount = mounter(app, ({ tokenScope }) => {
    guarded.push(tokenScope);
    return (_c, next) => next();
  });
  // @ts-expect-error getIdea answers an Idea, not this
  mount("getIdea", () => ({ data: { wrong: true } }));
  // @ts-expect-error a JSON endpoint answers its data, not a bare Response
  mount("deleteIdea", () => new Response());
  // @ts-expect-error no such endpoint in the contract
  expect(() => mount("nope", () => ({ data: null }))).toThrow();
  mount("deleteNote", () => ({ data: null, message: "笔记已删除" }));
  mount("health", () => ({ data: { status: "ok" as const } }));
  // a public endpoint's handler has no caller
  mount("register", ({ userId }) => {
    const none: undefined = userId;
    return none as never;
  });
  mount("createIdea", ({ userId }) => {
    const caller: string = userId;
    return caller as never;
  });

  const registered = app.routes.map((r) => `${r.method} ${r.path}`);
  expect(registered).toEqual([
    "GET /api/ideas/:id",
    "GET /api/ideas/:id",
    "DELETE /api/ideas/:id",
    "DELETE /api/ideas/:id",
    "DELETE /api/notes/:id",
    "DELETE /api/notes/:id",
    "GET /api/health",
    "POST /api/auth/register",
    "POST /api/auth/register",
    "POST /api/ideas",
    "POST /api/ideas",
    "POST /api/ideas",
  ]);
  // each guard is told the least token scope its endpoint's contract names
  expect(guarded).toEqual(["read", "write", "write", "capture"]);
});
