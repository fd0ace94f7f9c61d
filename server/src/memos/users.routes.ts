import type { Context, Hono } from "hono";
import { getNumberedUser } from "../accounts/accounts.store.ts";
import type { AppEnv } from "../context.ts";
import { notFound } from "../errors.ts";
import { memoStats } from "../items/memo-ideas.store.ts";
import { toMemosUser, userName } from "./shapes.ts";
import { MEMOS_VERSION } from "./wire.ts";

/** Tags (and pinned memos) listed in a user's stats: MoeMemos lists the tags in its sidebar. */
const STATS_TAGS_MAX = 1000;

const noSuchUser = () => notFound("用户不存在");

/** The caller, when `users/{id}` names them; another id is a 404 (no one else's account shows here). */
async function namedCaller(c: Context<AppEnv>, id: string) {
  const user = await getNumberedUser(c.var.deps.db, c.var.auth.userId);
  if (id !== user.number) throw noSuchUser();
  return user;
}

/** Without a Bearer: clients read it to learn which API the server speaks (MoeMemos, MemoFlow). */
export function instanceRoutes(api: Hono<AppEnv>) {
  api.get("/api/v1/instance/profile", (c) =>
    c.json({
      version: MEMOS_VERSION,
      demo: false,
      instanceUrl: c.var.deps.config.publicUrl ?? new URL(c.req.url).origin,
      commit: "",
    }),
  );
}

export function userRoutes(api: Hono<AppEnv>) {
  api.get("/api/v1/auth/me", async (c) => {
    const user = await getNumberedUser(c.var.deps.db, c.var.auth.userId);
    return c.json({ user: toMemosUser(user) });
  });

  // `users/N` and memos' custom method `users/N:getStats` share the one path segment
  api.get("/api/v1/users/:user", async (c) => {
    const [id = "", method] = (c.req.param("user") ?? "").split(":");
    if (method === undefined) return c.json(toMemosUser(await namedCaller(c, id)));
    if (method !== "getStats") throw notFound("接口不存在");
    const user = await namedCaller(c, id);
    const stats = await memoStats(c.var.deps.db, c.var.auth.userId, STATS_TAGS_MAX);
    return c.json({
      name: `${userName(user)}/stats`,
      tagCount: Object.fromEntries(stats.tagCount.map((t) => [t.tag, t.n])),
      totalMemoCount: stats.total,
      pinnedMemos: stats.pinnedUids.map((uid) => `memos/${uid}`),
      memoDisplayTimestamps: [],
    });
  });

  // Both MoeMemos apps refuse to sign in without a 200 here.
  api.get("/api/v1/users/:user/settings/:setting", async (c) => {
    const user = await namedCaller(c, c.req.param("user") ?? "");
    if (c.req.param("setting") !== "GENERAL") throw notFound("设置不存在");
    return c.json({
      name: `${userName(user)}/settings/GENERAL`,
      generalSetting: { locale: "zh-Hans", memoVisibility: "PRIVATE", theme: "system" },
    });
  });
}
