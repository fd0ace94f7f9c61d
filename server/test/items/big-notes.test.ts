import { readdirSync, readFileSync } from "node:fs";
import type { Socket } from "node:net";
import os from "node:os";
import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { createPool } from "../../src/db/pool.ts";
import { createLogger } from "../../src/logger.ts";
import { textsSegmentedOffLoop } from "../../src/search/words-pool.ts";
import { forEachDatabase, registerUser, request, type TestCtx } from "../helpers.ts";

const NOTE_CHARS = 200_000;
/** 200,000 characters of prose, with 银杏 only once, deep inside. */
function longNote(): string {
  const filler = "今天在西湖边跑步，想到一个关于产品设计的好点子。";
  const head = filler.repeat(Math.ceil(150_000 / filler.length)).slice(0, 150_000);
  const tail = filler.repeat(Math.ceil(NOTE_CHARS / filler.length)).slice(0, NOTE_CHARS - head.length - 12);
  return `${head}周末去植物园拍银杏吧${tail}`.slice(0, NOTE_CHARS);
}

/**
 * The suite's app on a pool of its own, with the bytes its connections have read from PostgreSQL
 * so far: what an edit makes the server receive, which the answer alone does not show.
 */
function countingDatabaseBytes(ctx: TestCtx) {
  const logger = createLogger("silent");
  const sockets: Socket[] = [];
  let counting: (TestCtx & { bytesFromDatabase: () => number }) | null = null;
  afterAll(() => counting?.db.end());
  return () => {
    if (counting) return counting;
    const db = createPool(ctx.poolConfig, logger);
    db.on("connect", (client) => sockets.push((client as unknown as pg.Client).connection.stream as Socket));
    const app = createApp({ config: ctx.config, db, logger });
    const bytesFromDatabase = () => sockets.reduce((sum, s) => sum + s.bytesRead, 0);
    counting = { ...ctx, db, app, bytesFromDatabase };
    return counting;
  };
}

forEachDatabase((ctx) => {
  const counted = countingDatabaseBytes(ctx);

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

    it("is saved without its text coming back, from PostgreSQL or in the answer", async () => {
      const c = counted();
      const u = await registerUser(c);
      const made = await request(c, "createNote", {
        token: u.token,
        body: { title: "长笔记", content: longNote() },
      });
      const edited = `${longNote().slice(1)}。`;
      const before = c.bytesFromDatabase();
      const saved = await request(c, "updateNote", {
        token: u.token,
        params: { id: made.body.data.id },
        body: { content: edited, baseUpdatedAt: made.body.data.updatedAt },
      });
      expect(saved.status).toBe(200);
      // the stored text is 600,000 bytes: reading it back even once would show
      expect(c.bytesFromDatabase() - before).toBeLessThan(20_000);
      expect(saved.body.data).not.toHaveProperty("content");
      expect(JSON.stringify(saved.body).length).toBeLessThan(1_000);
      const stored = await request(c, "getNote", { token: u.token, params: { id: made.body.data.id } });
      expect(stored.body.data).toEqual({ ...saved.body.data, content: edited });
    });

    it("keeps its text and its search words when only its title, tags or pin change", async () => {
      const u = await registerUser(ctx);
      const content = longNote();
      const made = await request(ctx, "createNote", { token: u.token, body: { title: "长笔记", content } });
      const params = { id: made.body.data.id };
      await request(ctx, "updateNote", {
        token: u.token,
        params,
        body: { title: "旅行计划", tags: ["读书"] },
      });
      await request(ctx, "updateNote", { token: u.token, params, body: { pinned: true } });
      const stored = await request(ctx, "getNote", { token: u.token, params });
      expect(stored.body.data).toMatchObject({ title: "旅行计划", tags: ["读书"], pinned: true, content });
      for (const q of ["旅行计划", "读书", "植物园"]) {
        const found = await request(ctx, "search", { token: u.token, query: { q } });
        expect(found.body.data.items.map((i: { id: string }) => i.id)).toEqual([params.id]);
      }
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
      if (process.platform === "linux") {
        // that thread runs at nice 10, yielding to the requests; this one does not
        const nice = readdirSync("/proc/self/task").map((tid) => {
          const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
        });
        expect(nice).toContain(10);
        expect(os.getPriority()).toBe(0);
      }
      // and they work: the edited note is found by its words
      const found = await request(ctx, "search", { token: u.token, query: { q: "植物园" } });
      expect(found.body.data.items.map((i: { id: string }) => i.id)).toEqual([made.body.data.id]);
    });
  });
});
