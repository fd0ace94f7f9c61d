import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { EXPORT_APPLICATION_NAME } from "../../src/export/lifecycle.ts";
import { call, forEachDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";

const hasUnzip = (() => {
  try {
    execFileSync("unzip", ["-v"]);
    return true;
  } catch {
    return false;
  }
})();

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

async function seed(ctx: TestCtx, u: TestUser) {
  const idea = await request(ctx, "createIdea", {
    token: u.token,
    body: { content: "今天想到一个关于产品设计的好点子", tags: ["产品"] },
  });
  await request(ctx, "updateIdea", {
    params: { id: idea.body.data.id },
    token: u.token,
    body: { title: '产品: "点子"', content: "整理后的内容" },
  });
  await request(ctx, "createIdea", { token: u.token, body: { content: "第二个想法" } });
  await request(ctx, "createNote", {
    token: u.token,
    body: { title: "读书笔记", content: "# 第一章\n\n内容" },
  });
  const conv = await ctx.db.query(
    "INSERT INTO conversations (user_id, title) VALUES ($1, '问问AI') RETURNING id",
    [u.id],
  );
  await ctx.db.query(
    `INSERT INTO messages (user_id, conversation_id, role, content, source_ids)
     VALUES ($1, $2, 'user', '你好', '{}'), ($1, $2, 'assistant', '你好！', ARRAY[$3::uuid])`,
    [u.id, conv.rows[0].id, idea.body.data.id],
  );
  const version = await ctx.db.query(
    `INSERT INTO idea_versions (user_id, idea_id, model, title, content, tags, points)
     VALUES ($1, $2, 'deepseek-chat', 'AI 标题', 'AI 整理的内容', '{产品}', 1) RETURNING id`,
    [u.id, idea.body.data.id],
  );
  await ctx.db.query("UPDATE ideas SET ai_version_id = $2 WHERE id = $1", [
    idea.body.data.id,
    version.rows[0].id,
  ]);
  const form = new FormData();
  form.append("file", new File([PNG], "a.png"));
  await call(ctx, "POST", "/api/profile/avatar", { token: u.token, raw: form });
  return idea.body.data.id as string;
}

forEachDatabase((ctx) => {
  describe("export", () => {
    it("tells the permission, streams the zip with the documented layout, then refuses during the cooldown", async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      await request(ctx, "createIdea", { token: other.token, body: { content: "别人的想法" } });
      const ideaId = await seed(ctx, u);
      await request(ctx, "excludeFromReview", { token: u.token, params: { itemId: ideaId } });

      const before = await request(ctx, "exportPermission", { token: u.token });
      expect(before.body).toEqual({
        success: true,
        message: "可以导出",
        data: { canExport: true, nextAllowedDate: null, retryAfterSeconds: null },
      });

      const res = await ctx.app.request("/api/export", {
        method: "POST",
        headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json" },
        body: "{}",
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/zip");
      const disposition = res.headers.get("content-disposition")!;
      const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)![1]!;
      expect(decodeURIComponent(encoded)).toMatch(/^拾念导出_\d{8}_\d{6}\.zip$/);
      expect(disposition).toMatch(/^attachment; filename="shinian-export_\d{8}_\d{6}\.zip"/);
      expect(JSON.parse(res.headers.get("x-export-count")!)).toEqual({ thoughts: 2, notes: 1, total: 3 });
      expect(res.headers.get("access-control-expose-headers")).toContain("X-Export-Count");

      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      const names = Object.keys(files).sort();
      expect(names).toContain("README.txt");
      expect(names).toContain("data.json");
      expect(names).toContain("avatar.png");
      expect(names.filter((n) => n.startsWith("ideas/"))).toHaveLength(2);
      expect(names.filter((n) => n.startsWith("notes/"))).toHaveLength(1);
      expect(names.filter((n) => n.startsWith("chats/"))).toHaveLength(1);
      expect(Buffer.from(files["avatar.png"]!).equals(PNG)).toBe(true);

      const ideaFile = names.find((n) => n.startsWith("ideas/") && n.includes(ideaId.slice(0, 8)))!;
      const md = strFromU8(files[ideaFile]!);
      expect(md).toMatch(
        /^---\nid: [0-9a-f-]{36}\ntitle: "产品: \\"点子\\""\ntags: \["产品"\]\ncreated: \S+\nupdated: \S+\n/,
      );
      expect(md).toContain("整理后的内容");
      expect(md).toContain("## 原始内容\n\n今天想到一个关于产品设计的好点子");
      expect(strFromU8(files[names.find((n) => n.startsWith("chats/"))!]!)).toContain("你好！");
      expect(strFromU8(files["README.txt"]!)).toContain("想法 2 条，笔记 1 篇");

      const data = JSON.parse(strFromU8(files["data.json"]!));
      expect(strFromU8(files["data.json"]!).startsWith('{\n"format": "shinian-export/5",')).toBe(true);
      expect(data.profile.id).toBe(u.id);
      expect(data.ideas).toHaveLength(2);
      const versionId = data.ideaVersions[0].id;
      expect(
        data.ideas.map((i: { id: string; aiVersionId: string | null }) => [i.id, i.aiVersionId]),
      ).toEqual(expect.arrayContaining([[ideaId, versionId]]));
      expect(data.ideas.find((i: { id: string }) => i.id !== ideaId).aiVersionId).toBeNull();
      expect(data.ideas.map((i: { originalContent: string }) => i.originalContent)).not.toContain(
        "别人的想法",
      );
      expect(data.notes[0].title).toBe("读书笔记");
      expect(data.conversations[0].messages).toHaveLength(2);
      // both seeded in one statement: same created_at, so their order is not defined
      const reply = data.conversations[0].messages.find((m: { role: string }) => m.role === "assistant");
      expect(reply).toMatchObject({
        content: "你好！",
        status: "done",
        sourceIds: [ideaId],
        points: 0,
        mode: "provider",
      });
      const question = data.conversations[0].messages.find((m: { role: string }) => m.role === "user");
      expect(question.sourceIds).toEqual([]);
      const { rows: messageIds } = await ctx.db.query("SELECT id FROM messages WHERE user_id = $1", [u.id]);
      expect(data.conversations[0].messages.map((m: { id: string }) => m.id).sort()).toEqual(
        messageIds.map((r) => r.id).sort(),
      );
      expect(data.ideaVersions).toMatchObject([
        { ideaId, model: "deepseek-chat", title: "AI 标题", content: "AI 整理的内容", points: 1 },
      ]);
      expect(data.pointsLedger[0]).toMatchObject({ delta: 100, reason: "register_bonus" });
      expect(data.review).toEqual([{ itemId: ideaId, shownCount: 0, lastShownOn: null, excluded: true }]);

      const after = await request(ctx, "exportPermission", { token: u.token });
      expect(after.body.success).toBe(true);
      expect(after.body.data.canExport).toBe(false);
      const next = Date.parse(after.body.data.nextAllowedDate!);
      expect(next - Date.now()).toBeGreaterThan(3_500_000);
      // the wait by the server's clock, for a countdown that no device clock can shift
      expect(Math.abs(after.body.data.retryAfterSeconds! * 1000 - (next - Date.now()))).toBeLessThan(2_000);
      expect(after.body.message).toMatch(
        /^暂时无法导出数据，下次可导出时间：\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
      );

      const again = await request(ctx, "exportData", { token: u.token, body: {} });
      expect(again.status).toBe(429);
      expect(again.body).toMatchObject({
        success: false,
        code: "EXPORT_COOLDOWN",
        message: after.body.message,
      });
      expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(3500);

      // the cooldown lives in the database: once it has passed, exporting works again
      await ctx.db.query("UPDATE users SET last_export_at = now() - interval '61 minutes' WHERE id = $1", [
        u.id,
      ]);
      expect((await request(ctx, "exportPermission", { token: u.token })).body.data.canExport).toBe(true);
      // the other user was never blocked
      expect((await request(ctx, "exportPermission", { token: other.token })).body.data.canExport).toBe(true);
    });

    it("cuts file names at 30 characters without splitting an emoji, names that Info-ZIP extracts intact", async () => {
      const u = await registerUser(ctx);
      await request(ctx, "createIdea", {
        token: u.token,
        body: { content: `${"念".repeat(29)}😀之后` },
      });
      const res = await ctx.app.request("/api/export", {
        method: "POST",
        headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json" },
        body: "{}",
      });
      const zip = Buffer.from(await res.arrayBuffer());
      const names = Object.keys(unzipSync(new Uint8Array(zip)));
      const idea = names.find((n) => n.startsWith("ideas/"))!;
      expect(idea).toContain(`${"念".repeat(29)}😀_`);
      expect(idea).not.toContain("\uFFFD");
      if (!hasUnzip) return;
      // Info-ZIP, as on a Linux desktop, names every file as the zip does, readable (mode 644)
      const dir = mkdtempSync(path.join(os.tmpdir(), "shinian-export-"));
      try {
        writeFileSync(path.join(dir, "export.zip"), zip);
        const env = { ...process.env, LANG: "C.UTF-8", LC_ALL: "C.UTF-8" };
        execFileSync("unzip", ["-q", "export.zip", "-d", "out"], { cwd: dir, env });
        const out = path.join(dir, "out");
        const extracted = readdirSync(out, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.relative(out, path.join(e.parentPath, e.name)));
        expect(extracted.sort()).toEqual(names.sort());
        for (const name of names) expect(statSync(path.join(out, name)).mode & 0o777).toBe(0o644);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it("writes Beijing times with their offset, names without #[](, and 原始内容 only where the words changed", async () => {
      const u = await registerUser(ctx);
      const untouched = await request(ctx, "createIdea", {
        token: u.token,
        body: { content: "#读书 [活着](https://example.com) (余华) 第一遍" },
      });
      const edited = await request(ctx, "createIdea", { token: u.token, body: { content: "原来的话" } });
      await request(ctx, "updateIdea", {
        params: { id: edited.body.data.id },
        token: u.token,
        body: { content: "改过的话" },
      });
      const note = await request(ctx, "createNote", {
        token: u.token,
        body: { title: "[草稿] #计划 (三月)", content: "内容" },
      });
      // 23:30 in Beijing on 2 March is still 1 March in UTC: the name and the front matter agree
      await ctx.db.query("UPDATE ideas SET created_at = $2, updated_at = $2 WHERE id = $1", [
        untouched.body.data.id,
        "2026-03-02T15:30:00.123Z",
      ]);
      await ctx.db.query("UPDATE notes SET created_at = $2, updated_at = $3 WHERE id = $1", [
        note.body.data.id,
        "2026-03-02T15:30:00Z",
        "2026-03-03T01:02:03Z",
      ]);
      const res = await ctx.app.request("/api/export", {
        method: "POST",
        headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json" },
        body: "{}",
      });
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      const nameOf = (id: string) => Object.keys(files).find((n) => n.includes(id.slice(0, 8)))!;

      const ideaName = nameOf(untouched.body.data.id);
      expect(ideaName).toMatch(/^ideas\/2026-03-02_读书_活着_https_example.com_余华_第一遍_[0-9a-f]{8}\.md$/);
      expect(nameOf(note.body.data.id)).toMatch(/^notes\/2026-03-02_草稿_计划_三月_[0-9a-f]{8}\.md$/);
      for (const name of Object.keys(files)) expect(name).not.toMatch(/[#[\]()]/);

      const idea = strFromU8(files[ideaName]!);
      expect(idea).toContain("\ncreated: 2026-03-02T23:30:00+08:00\nupdated: 2026-03-02T23:30:00+08:00\n");
      expect(idea).toContain("#读书 [活着](https://example.com) (余华) 第一遍");
      expect(idea).not.toContain("原始内容");
      const changed = strFromU8(files[nameOf(edited.body.data.id)]!);
      expect(changed).toMatch(/\ncreated: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00\n/);
      expect(changed).toContain("改过的话\n\n## 原始内容\n\n原来的话\n");
      const noteFile = strFromU8(files[nameOf(note.body.data.id)]!);
      expect(noteFile).toContain(
        "\ncreated: 2026-03-02T23:30:00+08:00\nupdated: 2026-03-03T09:02:03+08:00\n",
      );
      // data.json keeps UTC with milliseconds (the import reads it)
      const data = JSON.parse(strFromU8(files["data.json"]!));
      expect(data.ideas.find((i: { id: string }) => i.id === untouched.body.data.id).createdAt).toBe(
        "2026-03-02T15:30:00.123Z",
      );
    });

    it("exports every note and conversation across their smaller batches", async () => {
      const u = await registerUser(ctx);
      await ctx.db.query(
        `INSERT INTO notes (user_id, title, content, created_at)
         SELECT $1, '笔记' || n, '内容' || n, now() - n * interval '1 minute' FROM generate_series(1, 60) n`,
        [u.id],
      );
      await ctx.db.query(
        `INSERT INTO conversations (user_id, title, created_at)
         SELECT $1, '对话' || n, now() - n * interval '1 minute' FROM generate_series(1, 45) n`,
        [u.id],
      );
      const res = await ctx.app.request("/api/export", {
        method: "POST",
        headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json" },
        body: "{}",
      });
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      const names = Object.keys(files);
      expect(names.filter((n) => n.startsWith("notes/"))).toHaveLength(60);
      expect(names.filter((n) => n.startsWith("chats/"))).toHaveLength(45);
      const data = JSON.parse(strFromU8(files["data.json"]!));
      expect(new Set(data.notes.map((n: { title: string }) => n.title)).size).toBe(60);
      expect(data.conversations).toHaveLength(45);
    });

    it("exports every note's 历史版本 after the notes, across batches, those of 回收站 only with it, read back by Info-ZIP", async () => {
      const u = await registerUser(ctx);
      const made = async (title: string, content: string) =>
        (await request(ctx, "createNote", { token: u.token, body: { title, content } })).body.data
          .id as string;
      const save = async (id: string, content: string) => {
        const res = await request(ctx, "updateNote", { token: u.token, params: { id }, body: { content } });
        expect(res.status).toBe(200);
      };
      const kept = await made("留下的笔记", "第一稿");
      await save(kept, "第二稿");
      await save(kept, "第三稿");
      // more versions than one batch of notes (25): the list goes on across batches
      await ctx.db.query(
        `INSERT INTO note_versions (user_id, note_id, title, content, tags, saved_at)
         SELECT $1, $2, '留下的笔记', '旧稿' || n, '{}', now() - interval '1 day' - n * interval '1 minute'
         FROM generate_series(1, 30) n`,
        [u.id, kept],
      );
      const trashed = await made("扔掉的笔记", "草稿");
      await save(trashed, "定稿");
      expect((await request(ctx, "deleteNote", { token: u.token, params: { id: trashed } })).status).toBe(
        200,
      );

      const dataOf = async (includeTrash: boolean) => {
        await ctx.db.query("UPDATE users SET last_export_at = NULL WHERE id = $1", [u.id]);
        const res = await ctx.app.request("/api/export", {
          method: "POST",
          headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json" },
          body: JSON.stringify({ includeTrash }),
        });
        expect(res.status).toBe(200);
        const zip = Buffer.from(await res.arrayBuffer());
        const text = strFromU8(unzipSync(new Uint8Array(zip))["data.json"]!);
        if (hasUnzip) {
          // Info-ZIP reads the same data.json out of the streamed archive
          const dir = mkdtempSync(path.join(os.tmpdir(), "shinian-export-"));
          try {
            writeFileSync(path.join(dir, "export.zip"), zip);
            expect(execFileSync("unzip", ["-p", "export.zip", "data.json"], { cwd: dir }).toString()).toBe(
              text,
            );
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        }
        return { text, data: JSON.parse(text) };
      };

      const { text, data } = await dataOf(false);
      expect(text.indexOf('"noteVersions": [')).toBeGreaterThan(text.indexOf('"notes": ['));
      expect(text.indexOf('"noteVersions": [')).toBeLessThan(text.indexOf('"attachments": ['));
      const { rows } = await ctx.db.query<{ id: string; saved_at: Date; content: string }>(
        "SELECT id, saved_at, content FROM note_versions WHERE note_id = $1 ORDER BY saved_at, id",
        [kept],
      );
      expect(rows).toHaveLength(32);
      expect(data.noteVersions).toEqual(
        rows.map((r) => ({
          noteId: kept,
          versionId: r.id,
          savedAt: r.saved_at.toISOString(),
          title: "留下的笔记",
          tags: [],
          content: r.content,
        })),
      );
      expect(data.noteVersions.slice(-2).map((v: { content: string }) => v.content)).toEqual([
        "第一稿",
        "第二稿",
      ]);
      // as the history shows them
      const history = await request(ctx, "noteHistory", {
        token: u.token,
        params: { id: kept },
        query: { limit: 50 },
      });
      expect(history.body.data.items.map((v) => v.versionId).reverse()).toEqual(
        data.noteVersions.map((v: { versionId: string }) => v.versionId),
      );

      const withTrash = (await dataOf(true)).data;
      expect(withTrash.noteVersions).toHaveLength(33);
      expect(withTrash.noteVersions.filter((v: { noteId: string }) => v.noteId === trashed)).toMatchObject([
        { title: "扔掉的笔记", content: "草稿" },
      ]);
    });

    it("keeps the cooldown when the client cancels the download (no cancel-and-retry bypass)", async () => {
      const u = await registerUser(ctx);
      const res = await ctx.app.request("/api/export", {
        method: "POST",
        headers: { authorization: `Bearer ${u.token}` },
      });
      expect(res.status).toBe(200);
      await res.body!.cancel();
      expect((await request(ctx, "exportPermission", { token: u.token })).body.data.canExport).toBe(false);
      const retry = await request(ctx, "exportData", { token: u.token, body: {} });
      expect(retry.status).toBe(429);
      expect(retry.body.code).toBe("EXPORT_COOLDOWN");
    });

    it("runs at most 2 exports at once per process; a further one gets 503 without using its cooldown", async () => {
      const [a, b, c] = [await registerUser(ctx), await registerUser(ctx), await registerUser(ctx)];
      const start = (u: TestUser) =>
        ctx.app.request("/api/export", { method: "POST", headers: { authorization: `Bearer ${u.token}` } });
      // bodies not read: both keep their connection and their slot
      const ra = await start(a);
      const rb = await start(b);
      expect([ra.status, rb.status]).toEqual([200, 200]);
      const busy = await request(ctx, "exportData", { token: c.token, body: {} });
      expect(busy.status).toBe(503);
      expect(busy.body).toMatchObject({
        success: false,
        code: "SERVICE_UNAVAILABLE",
        message: "导出繁忙，请稍后再试",
      });
      expect(Number(busy.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await request(ctx, "exportPermission", { token: c.token })).body.data.canExport).toBe(true);

      await ra.body!.cancel();
      const rc = await start(c);
      expect(rc.status).toBe(200);
      expect(Object.keys(unzipSync(new Uint8Array(await rc.arrayBuffer())))).toContain("data.json");
      expect(Object.keys(unzipSync(new Uint8Array(await rb.arrayBuffer())))).toContain("data.json");
    });

    it("survives the database ending an export's connection while the reader is stalled, and frees the slot", async () => {
      const [a, b, c] = [await registerUser(ctx), await registerUser(ctx), await registerUser(ctx)];
      const start = (u: TestUser) =>
        ctx.app.request("/api/export", { method: "POST", headers: { authorization: `Bearer ${u.token}` } });
      const ra = await start(a);
      const rb = await start(b);
      expect([ra.status, rb.status]).toEqual([200, 200]);
      // what idle_in_transaction_session_timeout does to a stalled export, and what a restart does
      const { rows } = await ctx.db.query(
        `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = $1`,
        [EXPORT_APPLICATION_NAME],
      );
      expect(rows).toHaveLength(2);
      let rc = await start(c);
      for (let i = 0; rc.status === 503 && i < 50; i++) {
        await new Promise((r) => setTimeout(r, 20));
        rc = await start(c);
      }
      expect(rc.status).toBe(200);
      expect(Object.keys(unzipSync(new Uint8Array(await rc.arrayBuffer())))).toContain("data.json");
      await expect(ra.arrayBuffer()).rejects.toThrow();
      await expect(rb.arrayBuffer()).rejects.toThrow();
      // the pool is healthy afterwards
      expect((await request(ctx, "exportPermission", { token: a.token })).status).toBe(200);
    });

    it("exports an empty account, streams many rows in batches, refuses bad input and no token", async () => {
      const u = await registerUser(ctx);
      expect((await call(ctx, "POST", "/api/export", { token: u.token, body: { all: true } })).status).toBe(
        400,
      );
      expect((await request(ctx, "exportData", { body: {} })).status).toBe(401);
      expect((await request(ctx, "exportPermission")).status).toBe(401);
      await ctx.db.query(
        `INSERT INTO ideas (user_id, original_content, content)
         SELECT $1, '批量想法 ' || g, '批量想法 ' || g FROM generate_series(1, 1203) g`,
        [u.id],
      );
      const res = await ctx.app.request("/api/export", {
        method: "POST",
        headers: { authorization: `Bearer ${u.token}` },
      });
      expect(res.status).toBe(200);
      let chunks = 0;
      const parts: Uint8Array[] = [];
      for await (const part of res.body!) {
        chunks++;
        parts.push(part);
      }
      expect(chunks).toBeGreaterThan(5);
      const files = unzipSync(Buffer.concat(parts));
      expect(Object.keys(files).filter((n) => n.startsWith("ideas/"))).toHaveLength(1203);
      expect(JSON.parse(strFromU8(files["data.json"]!)).ideas).toHaveLength(1203);
    });
  });
}, {});

forEachDatabase(
  (ctx) => {
    it("with EXPORT_COOLDOWN=0 exports back to back", async () => {
      const u = await registerUser(ctx);
      expect((await request(ctx, "exportData", { token: u.token, body: {} })).status).toBe(200);
      expect((await request(ctx, "exportData", { token: u.token, body: {} })).status).toBe(200);
    });
  },
  { EXPORT_COOLDOWN: "0" },
);
