import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call, onOneDatabase, registerUser, request } from "../helpers.ts";

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64url");
const KEYSET_LISTS = ["/api/ideas", "/api/notes", "/api/feed"];
const LISTS = [...KEYSET_LISTS, "/api/points/ledger"];

onOneDatabase((ctx) => {
  describe("cursors", () => {
    const expect400 = async (token: string, path: string, cursor: string) => {
      const res = await call(ctx, "GET", `${path}?cursor=${encodeURIComponent(cursor)}`, { token });
      expect(res.status, `${path} ${cursor}`).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
      expect(res.body.issues[0].path).toBe("cursor");
    };

    it("refuses another endpoint's cursor with 400", async () => {
      const u = await registerUser(ctx);
      await ctx.db.query(
        "INSERT INTO points_ledger (user_id, delta, balance_after, reason) VALUES ($1, 1, 101, 'grant')",
        [u.id],
      );
      for (const content of ["一", "二"])
        await request(ctx, "createIdea", { token: u.token, body: { content } });
      const ledger = await call(ctx, "GET", "/api/points/ledger?limit=1", { token: u.token });
      const ledgerCursor = ledger.body.data.nextCursor as string;
      expect(ledgerCursor).toBeTruthy();
      const ideas = await call(ctx, "GET", "/api/ideas?limit=1", { token: u.token });
      const ideaCursor = ideas.body.data.nextCursor as string;
      expect(ideaCursor).toBeTruthy();

      for (const path of KEYSET_LISTS) await expect400(u.token, path, ledgerCursor);
      await expect400(u.token, "/api/points/ledger", ideaCursor);
      // the same kind of cursor still pages
      expect((await call(ctx, "GET", `/api/feed?cursor=${ideaCursor}`, { token: u.token })).status).toBe(200);
      const next = await call(ctx, "GET", `/api/points/ledger?cursor=${ledgerCursor}`, { token: u.token });
      expect(next.status).toBe(200);
      expect(next.body.data.items).toHaveLength(1);
    });

    it("refuses malformed and out-of-range cursors with 400", async () => {
      const u = await registerUser(ctx);
      const uuid = randomUUID();
      const bad = [
        "garbage",
        b64(""),
        b64(`99999999999999999999.${uuid}`), // 20 digits: beyond bigint
        b64(`9223372036854775807.${uuid}`), // a bigint, but no timestamp
        b64(`1.${"-".repeat(36)}`),
        b64(`1.${uuid.toUpperCase().replaceAll("A", "G")}x`),
        b64(`1.${uuid}.2`),
        b64(`-5.${uuid}`),
        b64("0.99999999999999999999"),
        b64("0.9223372036854775808"),
        b64("0.0"),
        b64("1.2e3"),
      ];
      for (const path of LISTS) for (const cursor of bad) await expect400(u.token, path, cursor);
    });
  });
});
