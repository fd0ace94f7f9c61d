import type { LedgerEntry } from "@shinian/contract";
import { describe, expect, it } from "vitest";
import { addIdea, askAll, newConversation, withProvider } from "../ai/helpers.ts";
import { makeWav, uploadFile } from "../attachments/helpers.ts";
import { tokens } from "../fake-provider.ts";
import { call, forEachDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";

const ledger = async (ctx: TestCtx, u: TestUser): Promise<LedgerEntry[]> =>
  (await call(ctx, "GET", "/api/points/ledger?limit=50", { token: u.token })).body.data.items;

forEachDatabase((ctx) => {
  // one answer that serves a tidy, a composed note and a chat reply alike
  const ai = withProvider(ctx, () => ({
    kind: "stream",
    chunks: tokens(JSON.stringify({ title: "散步", content: "散步时想到爬山。", tags: [] }), 9),
  }));

  describe("the points ledger links what was paid for", () => {
    it("a tidy, a /chat answer, a side chat, a composed note and a transcribed recording, each to its item", async () => {
      const u = await registerUser(ctx);
      const idea = await addIdea(ctx, u, "散步时想到周末去爬山");
      expect((await request(ai.ctx, "tidyIdea", { params: { id: idea }, token: u.token })).status).toBe(200);

      const chat = await newConversation(ctx, u);
      await askAll(ai.ctx, u, chat, "我最近在想什么？");
      const side = await newConversation(ctx, u, { subject: { type: "idea", id: idea } });
      await askAll(ai.ctx, u, side, "这条还能怎么展开？");

      const composed = await request(ai.ctx, "composeNote", { token: u.token, body: { ideaIds: [idea] } });
      expect(composed.status).toBe(201);
      const note = composed.body.data.note.id as string;

      const voice = await uploadFile(ctx, u.token, makeWav(), "录音.wav", "audio/wav");
      const heard = await call(ai.ctx, "POST", `/api/attachments/${voice.body.data.id}/transcribe`, {
        token: u.token,
      });
      expect(heard.status).toBe(200);
      // transcribed in the composer, before the idea exists: linked once the recording is on one
      expect((await ledger(ctx, u))[0]).toMatchObject({ reason: "transcribe_audio", item: null });
      const spoken = await addIdea(ctx, u, "语音记录", { attachmentIds: [voice.body.data.id] });

      const lines = await ledger(ctx, u);
      expect(lines.map((l) => [l.reason, l.delta, l.item ?? null])).toEqual([
        ["transcribe_audio", -1, { type: "idea", id: spoken }],
        ["compose_note", -5, { type: "note", id: note }],
        // a side chat leads to the idea it is about, where that chat is
        ["chat_reply", -2, { type: "idea", id: idea }],
        ["chat_reply", -2, { type: "conversation", id: chat }],
        ["tidy_idea", -1, { type: "idea", id: idea }],
        ["register_bonus", 100, null],
      ]);
    });

    it("a refund links to what its spend paid for, and a line stops linking once its item is gone", async () => {
      const u = await registerUser(ctx);
      const idea = await addIdea(ctx, u, "会失败的整理");
      ai.fake.script({ kind: "status", status: 400, message: "bad request" });
      expect((await request(ai.ctx, "tidyIdea", { params: { id: idea }, token: u.token })).status).toBe(503);
      const chat = await newConversation(ctx, u);
      await askAll(ai.ctx, u, chat, "随便问问");
      expect((await ledger(ctx, u)).slice(0, 3).map((l) => [l.reason, l.item ?? null])).toEqual([
        ["chat_reply", { type: "conversation", id: chat }],
        ["refund", { type: "idea", id: idea }],
        ["tidy_idea", { type: "idea", id: idea }],
      ]);

      // in 回收站 and deleted: nothing to open, so no link (the lines themselves stay)
      expect((await request(ctx, "deleteIdea", { params: { id: idea }, token: u.token })).status).toBe(200);
      await call(ctx, "DELETE", `/api/chat/conversations/${chat}`, { token: u.token });
      const after = await ledger(ctx, u);
      expect(after).toHaveLength(4);
      expect(after.map((l) => l.item ?? null)).toEqual([null, null, null, null]);
    });

    it("never links another account's item, and a grant links nothing", async () => {
      const [u, other] = [await registerUser(ctx), await registerUser(ctx)];
      const theirs = await addIdea(ctx, other, "别人的想法");
      // a line recorded against an id that is not the account's own (it cannot happen through the
      // API; the resolution still checks the owner)
      const { rows } = await ctx.db.query<{ id: string }>(
        `INSERT INTO points_ledger (user_id, delta, balance_after, reason) VALUES ($1, -1, 99, 'tidy_idea') RETURNING id`,
        [u.id],
      );
      await ctx.db.query(
        "INSERT INTO points_ledger_items (ledger_id, item_type, item_id) VALUES ($1, 'idea', $2)",
        [rows[0]!.id, theirs],
      );
      expect((await ledger(ctx, u)).map((l) => l.item ?? null)).toEqual([null, null]);
    });
  });
});
