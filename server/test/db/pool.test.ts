import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { createPool, STATEMENT_TIMEOUT_MS, tx } from "../../src/db/pool.ts";
import { createLogger } from "../../src/logger.ts";
import { forEachDatabase, registerUser, request } from "../helpers.ts";

forEachDatabase((ctx) => {
  describe("pool", () => {
    it("survives the server ending a checked-out connection between two statements", async () => {
      const outcome = tx(ctx.db, async (client) => {
        const { rows } = await client.query("SELECT pg_backend_pid() AS pid");
        await ctx.db.query("SELECT pg_terminate_backend($1)", [rows[0].pid]);
        // the 'error' event arrives while this transaction holds the client, idle
        await new Promise((r) => setTimeout(r, 200));
      });
      await expect(outcome).rejects.toThrow();
      // the dead connection was discarded, not pooled: every client still works
      const results = await Promise.all(Array.from({ length: 25 }, () => ctx.db.query("SELECT 1 AS one")));
      expect(results.every((r) => r.rows[0].one === 1)).toBe(true);
    });

    it("runs every statement under a statement_timeout", async () => {
      const { rows } = await ctx.db.query("SHOW statement_timeout");
      expect(rows[0].statement_timeout).toBe(`${STATEMENT_TIMEOUT_MS / 1000}s`);
    });

    it("answers a statement cancelled for its time with 503 服务繁忙, not a 500", async () => {
      const logger = createLogger("silent");
      const impatient = createPool({ ...ctx.poolConfig, statement_timeout: 300 }, logger);
      const app = createApp({ config: ctx.config, db: impatient, logger });
      const u = await registerUser(ctx);
      const idea = (await request(ctx, "createIdea", { token: u.token, body: { content: "被锁住的想法" } }))
        .body.data;
      // Another transaction holds the row: the edit waits for it until its statement times out.
      const holder = await ctx.db.connect();
      try {
        await holder.query("BEGIN");
        await holder.query("SELECT 1 FROM ideas WHERE id = $1 FOR UPDATE", [idea.id]);
        const res = await app.request(`/api/ideas/${idea.id}`, {
          method: "PATCH",
          headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json" },
          body: JSON.stringify({ content: "改不了" }),
        });
        expect(res.status).toBe(503);
        expect(await res.json()).toMatchObject({
          code: "SERVICE_UNAVAILABLE",
          message: "服务繁忙，请稍后再试",
        });
      } finally {
        await holder.query("ROLLBACK");
        holder.release();
        await impatient.end();
      }
    });
  });
});
