import { describe, expect, it } from "vitest";
import { textsSegmentedOffLoop } from "../src/services/text-index-pool.ts";
import { forEachDatabase, registerUser, request } from "./helpers.ts";

const NOTE_CHARS = 200_000;
/** 200,000 characters of prose, with 银杏 only once, deep inside. */
function longNote(): string {
  const filler = "今天在西湖边跑步，想到一个关于产品设计的好点子。";
  const head = filler.repeat(Math.ceil(150_000 / filler.length)).slice(0, 150_000);
  const tail = filler.repeat(Math.ceil(NOTE_CHARS / filler.length)).slice(0, NOTE_CHARS - head.length - 12);
  return `${head}周末去植物园拍银杏吧${tail}`.slice(0, NOTE_CHARS);
}

forEachDatabase((ctx) => {
  describe("a note of 200,000 characters", () => {
    it("lists carry its preview and length, not its text; its own GET has the text", async () => {
      const u = await registerUser(ctx);
      const content = longNote();
      const made = await request(ctx, "createNote", { token: u.token, body: { title: "长笔记", content } });
      expect(made.status).toBe(201);
      const id = made.body.data.id;

      const feed = await request(ctx, "feed", { token: u.token, query: { type: "all" } });
      const notes = await request(ctx, "listNotes", { token: u.token, query: {} });
      for (const listed of [feed.body.data.items[0], notes.body.data.items[0]]) {
        expect(listed).toMatchObject({ id, preview: content.slice(0, 500), contentLength: content.length });
        expect(listed).not.toHaveProperty("content");
      }
      expect(JSON.stringify(feed.body).length).toBeLessThan(5_000);
      const own = await request(ctx, "getNote", { token: u.token, params: { id } });
      expect(own.body.data.content).toBe(content);
    });

    it("is found by a word deep inside it, with a snippet around the word and not the whole text", async () => {
      const u = await registerUser(ctx);
      await request(ctx, "createNote", { token: u.token, body: { title: "长笔记", content: longNote() } });
      const found = await request(ctx, "search", { token: u.token, query: { q: "银杏" } });
      const hit = found.body.data.items[0]!;
      expect(hit.snippet).toMatch(/^….*拍银杏.*…$/);
      const at = hit.snippet.indexOf("银杏");
      expect(hit.highlights).toContainEqual({ start: at, end: at + 2 });
      expect(JSON.stringify(found.body).length).toBeLessThan(2_000);
    });

    it("has its search words made off the event loop, in a worker thread", async () => {
      const u = await registerUser(ctx);
      const before = textsSegmentedOffLoop();
      const made = await request(ctx, "createNote", {
        token: u.token,
        body: { title: "长笔记", content: longNote() },
      });
      await request(ctx, "updateNote", {
        token: u.token,
        params: { id: made.body.data.id },
        body: { content: `${longNote().slice(1)}。` },
      });
      expect(textsSegmentedOffLoop() - before).toBe(2);
      // and they work: the edited note is found by its words
      const found = await request(ctx, "search", { token: u.token, query: { q: "植物园" } });
      expect(found.body.data.items.map((i: { id: string }) => i.id)).toEqual([made.body.data.id]);
    });
  });
});
