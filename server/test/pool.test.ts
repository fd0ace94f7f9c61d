import { describe, expect, it } from "vitest";
import { tx } from "../src/db/pool.ts";
import { forEachDatabase } from "./helpers.ts";

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
  });
});
