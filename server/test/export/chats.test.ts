import { strFromU8, unzipSync } from "fflate";
import { expect, it } from "vitest";
import { onOneDatabase, registerUser, type TestCtx, type TestUser } from "../helpers.ts";
import { proxiedApp } from "../row-counting-proxy.ts";

/** `count` messages in a new conversation, 1 ms apart, saying 消息 1, 消息 2, …; its id. */
async function conversationWith(ctx: TestCtx, u: TestUser, title: string, minutesAgo: number, count: number) {
  const { rows } = await ctx.db.query(
    `INSERT INTO conversations (user_id, title, created_at)
     VALUES ($1, $2, now() - $3 * interval '1 minute') RETURNING id`,
    [u.id, title, minutesAgo],
  );
  await ctx.db.query(
    `INSERT INTO messages (user_id, conversation_id, role, content, created_at)
     SELECT $1, $2, CASE WHEN g % 2 = 1 THEN 'user' ELSE 'assistant' END, '消息 ' || g,
            now() - interval '1 hour' + g * interval '1 millisecond'
     FROM generate_series(1, $3::int) g`,
    [u.id, rows[0].id, count],
  );
  return rows[0].id as string;
}

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `消息 ${i + 1}`);

// What the export reads is the same on any PostgreSQL: one database.
onOneDatabase((ctx) => {
  const proxied = proxiedApp(ctx);

  it("reads messages in pages of at most 500 rows however long a conversation is, and exports each in order", async () => {
    const u = await registerUser(ctx);
    // pages cross conversations: 1,203 messages, none, 700, then 2 in the same batch of 20
    const sizes = { 长对话: 1203, 空对话: 0, 中对话: 700, 短对话: 2 };
    for (const [i, [title, n]] of Object.entries(sizes).entries()) {
      await conversationWith(ctx, u, title, 10 - i, n);
    }
    const { app, proxy } = proxied;
    proxy.rowsPerStatement.length = 0;
    const res = await app.request("/api/export", {
      method: "POST",
      headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));

    // read twice (chats/ and data.json), never more than a page at once: 500, 500, 203 + 297, 403 + 2
    expect(Math.max(...proxy.rowsPerStatement)).toBe(500);
    expect(proxy.rowsPerStatement.filter((n) => n === 500)).toHaveLength(2 * 2);

    const data = JSON.parse(strFromU8(files["data.json"]!));
    const exported = data.conversations.map((c: { title: string; messages: { content: string }[] }) => [
      c.title,
      c.messages.map((m) => m.content),
    ]);
    expect(exported).toEqual(Object.entries(sizes).map(([title, n]) => [title, numbered(n)]));
    for (const [title, n] of Object.entries(sizes)) {
      const name = Object.keys(files).find((f) => f.startsWith("chats/") && f.includes(title))!;
      const md = strFromU8(files[name]!);
      expect(md.startsWith(`# ${title}\n\n创建于 `)).toBe(true);
      expect([...md.matchAll(/^消息 \d+$/gm)].map((m) => m[0])).toEqual(numbered(n));
      expect(md.match(/^## (我|AI助手) · /gm) ?? []).toHaveLength(n);
    }
  });
});
