import { expect, it } from "vitest";
import { onOneDatabase, type Res, registerUser, request } from "../helpers.ts";

/** Backends of this test database waiting on a lock: the searches PostgreSQL is actually running. */
async function searchesInDatabase(ctx: Parameters<Parameters<typeof onOneDatabase>[0]>[0]) {
  const { rows } = await ctx.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
  );
  return rows[0]!.n;
}

async function until(check: () => Promise<boolean> | boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

// The engine does not matter here: the bound is the server's, per process.
onOneDatabase(
  (ctx) => {
    it("one account's parallel searches run one at a time, 8 wait their turn, the rest get 429; another account searches on", async () => {
      const [heavy, other] = [await registerUser(ctx), await registerUser(ctx)];
      for (const u of [heavy, other]) {
        await request(ctx, "createIdea", { token: u.token, body: { content: "周末去西湖边跑步" } });
      }
      // Every search waits on this lock inside PostgreSQL, so what runs there can be counted.
      const locker = await ctx.db.connect();
      try {
        await locker.query("BEGIN");
        await locker.query("LOCK TABLE notes IN ACCESS EXCLUSIVE MODE");
        const settled: Res[] = [];
        const search = (token: string) =>
          request(ctx, "search", { token, query: { q: "跑步" } }).then((res) => {
            settled.push(res);
            return res;
          });
        const heavyOnes = Array.from({ length: 12 }, () => search(heavy.token));
        await until(() => settled.length === 3, "the three searches past the queue");
        for (const refused of settled) {
          expect(refused.status).toBe(429);
          expect(refused.body).toMatchObject({
            code: "RATE_LIMITED",
            message: "同时进行的搜索太多了，请稍后再试",
          });
          expect(refused.headers.get("retry-after")).toBe("1");
        }
        const otherOne = search(other.token);
        await until(async () => (await searchesInDatabase(ctx)) === 2, "the other account's search to run");
        await new Promise((r) => setTimeout(r, 100)); // nothing else of the heavy account's starts
        expect(await searchesInDatabase(ctx)).toBe(2);
        await locker.query("COMMIT");

        const answered = await Promise.all(heavyOnes);
        expect(answered.filter((r) => r.status === 200)).toHaveLength(9);
        for (const ok of answered.filter((r) => r.status === 200)) expect(ok.body.data.items).toHaveLength(1);
        expect((await otherOne).status).toBe(200);
      } finally {
        await locker.query("ROLLBACK").catch(() => undefined);
        locker.release();
      }
    });
  },
  {},
  { searchesPerUser: 1 },
);
