import { randomUUID } from "node:crypto";
import { DELETE_ACCOUNT_PHRASE, endpointList as endpoints } from "@shinian/contract";
import { expect, it } from "vitest";
import { call, onOneDatabase, PASSWORD, registerUser, request, uniqueAccount } from "./helpers.ts";
import { previewedImport } from "./valid-requests.ts";

/** Every string leaf of a JSON value, as the path to it. */
const stringPaths = (value: unknown, path: (string | number)[] = []): (string | number)[][] => {
  if (typeof value === "string") return [path];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) =>
    stringPaths(v, [...path, Array.isArray(value) ? Number(k) : k]),
  );
};

const withString = (value: unknown, path: (string | number)[], fn: (s: string) => string): unknown => {
  if (path.length === 0) return fn(value as string);
  const copy = structuredClone(value) as Record<string | number, unknown>;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  copy[head] = withString(copy[head], rest, fn);
  return copy;
};

const UNSTORABLE = { NUL: "\u0000", "a lone surrogate": "\uD83D" };

const concrete = (path: string) =>
  path
    .replace("{id}", "00000000-0000-4000-8000-000000000000")
    .replace("{versionId}", "00000000-0000-4000-8000-000000000001")
    .replace("{key}", "AAAAAAAAAAAAAAAAAAAAAA");

onOneDatabase((ctx) => {
  it("every endpoint that needs a login answers 401 without a token, with an unknown one, and after logout", async () => {
    const user = await registerUser(ctx);
    const login = await request(ctx, "login", {
      body: { account: user.account, password: PASSWORD },
    });
    const revoked = login.body.data.token as string;
    expect((await request(ctx, "logout", { token: revoked })).status).toBe(200);
    const guarded = endpoints.filter((e) => e.auth);
    expect(guarded.length).toBeGreaterThan(20);
    for (const e of guarded) {
      for (const token of [undefined, "x".repeat(43), revoked]) {
        const res = await call(ctx, e.method.toUpperCase(), concrete(e.path), {
          token,
          body: e.body ? {} : undefined,
        });
        expect(res.status, `${e.method} ${e.path}`).toBe(401);
        expect(res.body).toEqual({ success: false, message: "未登录或登录已过期", code: "UNAUTHORIZED" });
      }
    }
  });

  it("every endpoint with a JSON body refuses unknown fields with 400", async () => {
    const user = await registerUser(ctx);
    for (const e of endpoints.filter((x) => x.body)) {
      const res = await call(ctx, e.method.toUpperCase(), concrete(e.path), {
        token: e.auth ? user.token : undefined,
        body: { unexpectedField: 1 },
      });
      // a path with a (nonexistent) id may answer 404 first; everything else must be 400
      expect([400, ...(e.path.includes("{id}") ? [404] : [])], `${e.method} ${e.path}`).toContain(res.status);
      if (res.status === 400) expect(res.body.code).toBe("VALIDATION_ERROR");
    }
    expect((await request(ctx, "me", { token: user.token })).status).toBe(200);
  });

  // Outside /api like /iwh and /api/v1 (memos): WeChat's 服务器配置 (messaging/wechat.routes.ts, its
  // signed journey in test/messaging/wechat.test.ts). Not set up here: it says so, never the app's page.
  it("/wechat/mp without WECHAT_TOKEN answers that the 公众号 is not set up, for any method", async () => {
    for (const method of ["GET", "POST"]) {
      const res = await ctx.app.request("/wechat/mp?signature=x&timestamp=1&nonce=1&echostr=1", { method });
      expect(res.status, method).toBe(404);
      expect(await res.text()).toBe("本站没有开通微信公众号接入");
    }
  });
});

onOneDatabase((ctx) => {
  it("a NUL or a lone surrogate in any text of any JSON body or query answers a Chinese 400 and changes nothing", {
    timeout: 60_000,
  }, async () => {
    const user = await registerUser(ctx);
    const idea = (await request(ctx, "createIdea", { token: user.token, body: { content: "原来的想法" } }))
      .body.data;
    const note = (
      await request(ctx, "createNote", {
        token: user.token,
        body: { title: "原来的笔记", content: "正文" },
      })
    ).body.data;
    const conversation = (await request(ctx, "createConversation", { token: user.token, body: {} })).body
      .data;
    const ids: Record<string, string> = {
      idea: idea.id,
      note: note.id,
      conversation: conversation.id,
      importJob: await previewedImport(ctx, user),
    };
    const bodies: Record<string, { body: unknown; id?: keyof typeof ids }> = {
      "post /api/auth/register": {
        body: { account: uniqueAccount(), password: PASSWORD, agreeTerms: true, inviteCode: "ABCD-EFGH" },
      },
      "post /api/auth/reset-password": { body: { token: "a-link-token", newPassword: "another-pass-42" } },
      "post /api/auth/login": { body: { account: user.account, password: PASSWORD } },
      "post /api/auth/password": { body: { currentPassword: PASSWORD, newPassword: "another-pass-42" } },
      "delete /api/account": { body: { password: PASSWORD, confirm: DELETE_ACCOUNT_PHRASE } },
      "patch /api/profile": { body: { nickname: "小明", identityDescription: "做产品的" } },
      "post /api/auth/capture-tokens": { body: { name: "快捷指令" } },
      "post /api/tokens": { body: { name: "脚本", scope: "read" } },
      "post /api/webhooks": { body: { url: "https://hooks.example.cn/拾念", events: ["idea.created"] } },
      "post /api/ideas": {
        body: {
          content: "一个想法",
          tags: ["灵感"],
          clientId: randomUUID(),
          capturedAt: new Date().toISOString(),
        },
      },
      "patch /api/ideas/{id}": { id: "idea", body: { title: "标题", content: "内容", tags: ["标签"] } },
      "post /api/ideas/{id}/annotations": {
        id: "idea",
        body: { content: "一条批注", clientId: randomUUID(), capturedAt: new Date().toISOString() },
      },
      "post /api/notes": { body: { title: "笔记", content: "正文", tags: ["标签"] } },
      "patch /api/notes/{id}": { id: "note", body: { title: "笔记", content: "正文", tags: ["标签"] } },
      "post /api/export": { body: {} },
      "post /api/chat/conversations": { body: { title: "对话" } },
      "patch /api/chat/conversations/{id}": { id: "conversation", body: { title: "新名字" } },
      "post /api/chat/conversations/{id}/messages": { id: "conversation", body: { content: "问题" } },
      "post /api/notes/compose": { body: { ideaIds: [idea.id] } },
      "post /api/insights": { body: { scope: { tag: "灵感" }, lens: "custom", prompt: "我的提示" } },
      // no text in it: listed so that a text added later is checked
      "patch /api/insights/{id}": { body: { aiGrounding: true } },
      "post /api/items/edits": {
        body: {
          edits: [
            { type: "idea", id: idea.id, tags: ["标签"], content: "内容", baseUpdatedAt: idea.updatedAt },
          ],
        },
      },
      // no text in it but a time: listed so that a text added to it later is checked here
      "post /api/ideas/{id}/restore-original": { id: "idea", body: { baseUpdatedAt: idea.updatedAt } },
      "post /api/notes/{id}/history/{versionId}/restore": {
        id: "note",
        body: { baseUpdatedAt: note.updatedAt },
      },
      "post /api/tags/rename": { body: { from: "灵感", to: "想法" } },
      "post /api/similar": { body: { text: "今天跑了五公里很开心" } },
      "post /api/links/resolve": { body: { refs: [{ type: "idea", id: idea.id }] } },
      "patch /api/profile/webdav": {
        body: { url: "https://dav.example.cn/dav/备份/", username: "小明", password: "p" },
      },
      "post /api/profile/webdav/test": {
        body: { url: "https://dav.example.cn/dav/备份/", username: "小明", password: "p" },
      },
      "patch /api/profile/push": { body: { reviewAt: "08:30" } },
      "post /api/profile/push/channels": {
        body: {
          kind: "feishu",
          name: "团队群",
          url: "https://open.feishu.cn/open-apis/bot/v2/hook/拾念",
          secret: "s",
        },
      },
      // checked before the channel is looked up: any id does
      "patch /api/profile/push/channels/{id}": { id: "idea", body: { name: "家人群", secret: "s" } },
      "post /api/import/{id}/start": { id: "importJob", body: { takeProfile: false } },
      // no text in it: listed so that a text added to it later is checked here
      "post /api/attachments/{id}/transcribe": { id: "idea", body: { aiExcluded: true } },
    };
    // A new endpoint with a body must be added above, or this fails.
    expect(Object.keys(bodies).sort()).toEqual(
      endpoints
        .filter((e) => e.body)
        .map((e) => `${e.method} ${e.path}`)
        .sort(),
    );
    const queries = [
      ["/api/search", { q: "想法" }],
      ["/api/feed", { tag: "灵感" }],
      ["/api/ideas", { tag: "灵感" }],
      ["/api/notes", { tag: "灵感" }],
      ["/api/insights", { q: "洞察" }],
      ["/api/insights/price", { tag: "灵感" }],
      ["/api/timeline", { q: "想法" }],
    ] as const;

    let checked = 0;
    for (const [name, bad] of Object.entries(UNSTORABLE)) {
      for (const [key, { body, id }] of Object.entries(bodies)) {
        const [method, path] = key.split(" ") as [string, string];
        for (const at of stringPaths(body)) {
          const res = await call(
            ctx,
            method.toUpperCase(),
            path.replace("{id}", id ? ids[id]! : "").replace("{versionId}", randomUUID()),
            {
              token: user.token,
              body: withString(body, at, (s) => `${s}${bad}尾`),
            },
          );
          const what = `${name} in ${key} ${at.join(".")}`;
          expect(res.status, what).toBe(400);
          expect(res.body.code, what).toBe("VALIDATION_ERROR");
          expect(res.body.message, what).toContain("无法保存的字符");
          checked++;
        }
      }
    }
    // A URL carries UTF-8 bytes, so a query can hold NUL (%00) but not a lone surrogate.
    for (const [path, query] of queries) {
      for (const [field, value] of Object.entries(query)) {
        const res = await call(ctx, "GET", `${path}?${new URLSearchParams({ [field]: `${value}\u0000` })}`, {
          token: user.token,
        });
        expect(res.status, `NUL in ${path}?${field}`).toBe(400);
        expect(res.body.message).toContain("无法保存的字符");
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);

    // Nothing changed: the same password, profile, idea, note and conversation; an emoji (a whole pair) is fine.
    const me = await request(ctx, "login", {
      body: { account: user.account, password: PASSWORD },
    });
    expect(me.status).toBe(200);
    expect(me.body.data.user.identityDescription).toBeNull();
    expect((await request(ctx, "getIdea", { params: { id: idea.id }, token: user.token })).body.data).toEqual(
      idea,
    );
    expect((await request(ctx, "getNote", { params: { id: note.id }, token: user.token })).body.data).toEqual(
      note,
    );
    const feed = await request(ctx, "feed", { token: user.token });
    expect(feed.body.data.items).toHaveLength(2);
    const emoji = await request(ctx, "createIdea", { token: user.token, body: { content: "开心😀" } });
    expect(emoji.status).toBe(201);
    expect(emoji.body.data.originalContent).toBe("开心😀");
  });
});
