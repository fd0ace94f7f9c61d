import { DELETE_ACCOUNT_PHRASE, type EndpointName, type RequestOf } from "@shinian/contract";
import { expect } from "vitest";
import { createPasswordReset } from "../src/accounts/password-reset.ts";
import { insertInsight } from "../src/insights/insights.store.ts";
import { insertChannel } from "../src/push/push.store.ts";
import { sealConfig } from "../src/push/saved-config.ts";
import { sealSecret } from "../src/webhooks/saved-secret.ts";
import { newSecret } from "../src/webhooks/signing.ts";
import { insertWebhook } from "../src/webhooks/webhooks.store.ts";
import { makeImage, makeWav, signedParts, uploadFile } from "./attachments/helpers.ts";
import { type Scripted, tokens } from "./fake-provider.ts";
import { PASSWORD, registerUser, request, type TestCtx, type TestUser, uniqueAccount } from "./helpers.ts";

/** The smallest file the avatar upload takes: a PNG signature and an IHDR chunk's start. */
export const PNG_BYTES = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);

/** What the fake model answers every call: JSON that tidying and composing take, text enough for a chat. */
export const modelReply = (): Scripted => ({
  kind: "stream",
  chunks: tokens(
    `\`\`\`json\n${JSON.stringify({ title: "陶艺展", content: "周末去看陶艺展。", tags: ["陶艺"] })}\n\`\`\``,
    9,
  ),
});

/** A WebDAV folder no test reaches: the fuzzing's requests are refused before any is made. */
const WEBDAV_URL = "https://dav.example.cn/dav/拾念备份/";

type Maker<N extends EndpointName> = (ctx: TestCtx, user: TestUser) => Promise<RequestOf<N>>;

/** Calls a contract endpoint that must succeed, and hands back its data. */
async function made<N extends EndpointName>(ctx: TestCtx, name: N, opts: RequestOf<N> & { token?: string }) {
  const res = await request(ctx, name, opts);
  expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body.data;
}

/** A new user with 自动整理 off, so that the model is asked only when a request asks it. */
export async function registerQuietUser(ctx: TestCtx): Promise<TestUser> {
  const user = await registerUser(ctx);
  await made(ctx, "updateProfile", { token: user.token, body: { settings: { autoTidy: false } } });
  return user;
}

const idea = (ctx: TestCtx, user: TestUser) =>
  made(ctx, "createIdea", { token: user.token, body: { content: "周末去看陶艺展", tags: ["陶艺"] } });
const note = (ctx: TestCtx, user: TestUser) =>
  made(ctx, "createNote", { token: user.token, body: { title: "陶艺笔记", content: "拉坯要稳" } });
/** A note of the user's saved twice: its first words are a version in its history. */
const edited = async (ctx: TestCtx, user: TestUser) => {
  const { id } = await note(ctx, user);
  return made(ctx, "updateNote", {
    token: user.token,
    params: { id },
    body: { content: "拉坯要稳，手要湿" },
  });
};
/** An idea of the user's, deleted: in 回收站. */
const trashed = async (ctx: TestCtx, user: TestUser) => {
  const { id } = await idea(ctx, user);
  await made(ctx, "deleteIdea", { token: user.token, params: { id } });
  return id;
};
/** An idea of the user's from two days ago, in today's 每日回顾 (drawn by this call). */
const inTodaysReview = async (ctx: TestCtx, user: TestUser) => {
  const { id } = await idea(ctx, user);
  await ctx.db.query("UPDATE ideas SET created_at = now() - interval '2 days' WHERE id = $1", [id]);
  const today = await made(ctx, "reviewToday", { token: user.token });
  expect(today.items.map((i) => i.id)).toContain(id);
  return id;
};
/** An import of one Markdown file, previewed and waiting to be started. */
export async function previewedImport(ctx: TestCtx, user: TestUser): Promise<string> {
  const form = new FormData();
  form.set(
    "file",
    new File([`# 陶艺\n拉坯要稳 ${crypto.randomUUID()}`], "陶艺.md", { type: "text/markdown" }),
  );
  const res = await ctx.app.request("/api/import", {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { jobId: string } }).data.jobId;
}
/** An uploaded image's signed URL (or its thumbnail's) as a getFile request. */
async function fileRequest(ctx: TestCtx, user: TestUser, which: "url" | "thumbnailUrl") {
  const res = await uploadFile(ctx, user.token, await makeImage("png"));
  expect(res.status).toBe(201);
  const { id, exp, sig } = signedParts(res.body.data[which]);
  return { params: { id }, query: { exp, sig } };
}
const WEBHOOK_URL = "https://hooks.example.cn/shinian";
/** A webhook of the user's, made in the store: also where the server has no SECRET_KEY (the fuzzing's). */
/** A chat account bound to the user, as `绑定 12345678` sent to the 公众号 leaves it. */
async function chatBinding(ctx: TestCtx, user: TestUser): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    "INSERT INTO messaging_bindings (user_id, platform, external_id) VALUES ($1, 'wechat', $2) RETURNING id",
    [user.id, `o${crypto.randomUUID()}`],
  );
  return rows[0]!.id;
}

async function webhook(ctx: TestCtx, user: TestUser): Promise<string> {
  const id = crypto.randomUUID();
  const key = ctx.config.webhooks.key ?? Buffer.alloc(32, 7);
  const secret_enc = sealSecret(key, newSecret(), { userId: user.id, webhookId: id });
  const row = await insertWebhook(
    ctx.db,
    { id, user_id: user.id, url: WEBHOOK_URL, events: ["idea.created"], secret_enc },
    ctx.config.webhooks.maxPerAccount,
  );
  return row!.id;
}
/** A push channel of the user's (a WeCom robot no test reaches), made in the store: also without SECRET_KEY. */
async function pushChannel(ctx: TestCtx, user: TestUser): Promise<string> {
  const id = crypto.randomUUID();
  const key = ctx.config.push.key ?? Buffer.alloc(32, 7);
  const config = { url: "https://qyapi.example.cn/cgi-bin/webhook/send?key=k" };
  const row = await insertChannel(
    ctx.db,
    {
      id,
      user_id: user.id,
      kind: "wecom",
      name: null,
      target: "qyapi.example.cn",
      binding_id: null,
      config_enc: sealConfig(key, config, { userId: user.id, channelId: id }),
      secret_set: false,
    },
    ctx.config.push.maxPerAccount,
  );
  if (typeof row === "string") throw new Error(`push channel not made: ${row}`);
  return row.id;
}
/** A 洞察 of the user's, saved as a run would save it (a run needs the AI and three items). */
const insight = async (ctx: TestCtx, user: TestUser) => {
  const { id, title } = await idea(ctx, user);
  return insertInsight(ctx.db, user.id, {
    title: "陶艺的总结",
    lens: "summary",
    prompt: null,
    scope: { tag: "陶艺" },
    body: "想去看陶艺展 [1]",
    citations: [{ type: "idea", id, title, ref: 1 }],
    itemCount: 1,
  });
};
const conversation = (ctx: TestCtx, user: TestUser) =>
  made(ctx, "createConversation", { token: user.token, body: { title: "陶艺" } });

/**
 * One request per contract endpoint that the endpoint accepts from `user`, making whatever it
 * needs first (an idea to edit, a second session to end, an AI version to apply). `ctx` must talk
 * to an AI provider for tidyIdea and applyIdeaVersion. The type lists every endpoint, so a new one
 * does not compile until it is added here, and the suites built on this table then cover it: the
 * contract fuzzing mutates these requests, the cross-user matrix sends them as another user.
 */
export const validRequests: { [N in EndpointName]: Maker<N> } = {
  health: async () => ({}),
  register: async () => ({ body: { account: uniqueAccount(), password: PASSWORD, agreeTerms: true } }),
  login: async (_, user) => ({ body: { account: user.account, password: user.password } }),
  authOptions: async () => ({}),
  resetPassword: async (ctx, user) => ({
    body: { token: (await createPasswordReset(ctx, user.id)).token, newPassword: "another-pass-42" },
  }),
  logout: async () => ({}),
  me: async () => ({}),
  listSessions: async () => ({}),
  deleteSession: async (ctx, user) => {
    const other = await made(ctx, "login", { body: { account: user.account, password: user.password } });
    const sessions = await made(ctx, "listSessions", { token: other.token });
    return { params: { id: sessions.items.find((s) => s.current)!.id } };
  },
  changePassword: async (_, user) => ({
    body: { currentPassword: user.password, newPassword: "another-pass-42" },
  }),
  listAccessTokens: async () => ({}),
  createAccessToken: async () => ({ body: { name: "Raycast", scope: "write" } }),
  revokeAccessToken: async (ctx, user) => ({
    params: {
      id: (await made(ctx, "createAccessToken", { token: user.token, body: { name: "脚本", scope: "read" } }))
        .id,
    },
  }),
  listCaptureTokens: async () => ({}),
  createCaptureToken: async () => ({ body: { name: "快捷指令" } }),
  revokeCaptureToken: async (ctx, user) => ({
    params: { id: (await made(ctx, "createCaptureToken", { token: user.token, body: { name: "手机" } })).id },
  }),
  deleteAccount: async (_, user) => ({ body: { password: user.password, confirm: DELETE_ACCOUNT_PHRASE } }),
  getProfile: async () => ({}),
  getUsage: async () => ({}),
  updateProfile: async () => ({
    body: { nickname: "小陶", identityDescription: "做陶艺的", settings: { autoTidy: false } },
  }),
  uploadAvatar: async () => ({}),
  createAttachment: async () => ({}),
  transcribeAttachment: async (ctx, user) => {
    const res = await uploadFile(ctx, user.token, makeWav(), "录音.wav", "audio/wav");
    expect(res.status).toBe(201);
    return { params: { id: res.body.data.id }, body: {} };
  },
  getFile: async (ctx, user) => fileRequest(ctx, user, "url"),
  getFileThumb: async (ctx, user) => fileRequest(ctx, user, "thumbnailUrl"),
  createImport: async () => ({}),
  getImport: async (ctx, user) => ({ params: { id: await previewedImport(ctx, user) } }),
  startImport: async (ctx, user) => ({ params: { id: await previewedImport(ctx, user) }, body: {} }),
  cancelImport: async (ctx, user) => ({ params: { id: await previewedImport(ctx, user) } }),
  getAvatar: async (ctx, user) => {
    const form = new FormData();
    form.set("file", new File([PNG_BYTES], "a.png", { type: "image/png" }));
    const res = await ctx.app.request("/api/profile/avatar", {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { avatar: string } };
    return { params: { key: data.avatar.split("/").at(-1)! } };
  },
  listIdeas: async () => ({ query: { limit: 5, tag: "陶艺", aiStatus: "none" } }),
  createIdea: async () => ({
    body: {
      content: "路上想到的：陶艺课可以从拉坯开始",
      tags: ["陶艺"],
      pinned: false,
      aiExcluded: false,
      clientId: crypto.randomUUID(),
      capturedAt: new Date().toISOString(),
    },
  }),
  getIdea: async (ctx, user) => ({ params: { id: (await idea(ctx, user)).id } }),
  updateIdea: async (ctx, user) => {
    const { id, updatedAt } = await idea(ctx, user);
    return {
      params: { id },
      body: {
        title: "陶艺展",
        content: "周末去看",
        tags: ["展览"],
        pinned: true,
        aiExcluded: false,
        baseUpdatedAt: updatedAt,
      },
    };
  },
  deleteIdea: async (ctx, user) => ({ params: { id: (await idea(ctx, user)).id } }),
  archiveIdea: async (ctx, user) => ({ params: { id: (await idea(ctx, user)).id } }),
  unarchiveIdea: async (ctx, user) => ({ params: { id: (await idea(ctx, user)).id } }),
  listAnnotations: async (ctx, user) => ({ params: { id: (await idea(ctx, user)).id } }),
  createAnnotation: async (ctx, user) => ({
    params: { id: (await idea(ctx, user)).id },
    body: { content: "又去看了一次陶艺展 #陶艺" },
  }),
  tidyIdea: async (ctx, user) => ({ params: { id: (await idea(ctx, user)).id } }),
  listIdeaVersions: async (ctx, user) => ({ params: { id: (await idea(ctx, user)).id } }),
  applyIdeaVersion: async (ctx, user) => {
    const { id } = await idea(ctx, user);
    const tidied = await made(ctx, "tidyIdea", { token: user.token, params: { id } });
    return { params: { id, versionId: tidied.version.id } };
  },
  restoreIdeaOriginal: async (ctx, user) => {
    const { id, updatedAt } = await idea(ctx, user);
    return { params: { id }, body: { baseUpdatedAt: updatedAt } };
  },
  noteHistory: async (ctx, user) => ({ params: { id: (await edited(ctx, user)).id }, query: { limit: 5 } }),
  noteVersion: async (ctx, user) => {
    const { id } = await edited(ctx, user);
    const history = await made(ctx, "noteHistory", { token: user.token, params: { id } });
    return { params: { id, versionId: history.items[0]!.versionId } };
  },
  restoreNoteVersion: async (ctx, user) => {
    const { id, updatedAt } = await edited(ctx, user);
    const history = await made(ctx, "noteHistory", { token: user.token, params: { id } });
    return { params: { id, versionId: history.items[0]!.versionId }, body: { baseUpdatedAt: updatedAt } };
  },
  relatedToIdea: async (ctx, user) => ({ params: { id: (await idea(ctx, user)).id } }),
  listNotes: async () => ({ query: { limit: 5, tag: "陶艺" } }),
  createNote: async (ctx, user) => ({
    body: {
      title: "陶艺",
      content: "拉坯、修坯、上釉",
      tags: ["陶艺"],
      pinned: false,
      sourceIdeaIds: [(await idea(ctx, user)).id],
    },
  }),
  composeNote: async (ctx, user) => ({ body: { ideaIds: [(await idea(ctx, user)).id] } }),
  getNote: async (ctx, user) => ({ params: { id: (await note(ctx, user)).id } }),
  updateNote: async (ctx, user) => {
    const { id, updatedAt } = await note(ctx, user);
    return {
      params: { id },
      body: {
        title: "陶艺笔记",
        content: "拉坯要稳，修坯要慢",
        tags: ["陶艺"],
        pinned: true,
        baseUpdatedAt: updatedAt,
      },
    };
  },
  deleteNote: async (ctx, user) => ({ params: { id: (await note(ctx, user)).id } }),
  archiveNote: async (ctx, user) => ({ params: { id: (await note(ctx, user)).id } }),
  unarchiveNote: async (ctx, user) => ({ params: { id: (await note(ctx, user)).id } }),
  relatedToNote: async (ctx, user) => ({ params: { id: (await note(ctx, user)).id } }),
  feed: async () => ({ query: { type: "all", view: "archived", tag: "陶艺", limit: 5 } }),
  editItems: async (ctx, user) => {
    const { id, updatedAt } = await idea(ctx, user);
    return { body: { edits: [{ type: "idea", id, tags: ["陶艺", "展览"], baseUpdatedAt: updatedAt }] } };
  },
  search: async () => ({ query: { q: "陶艺", limit: 5 } }),
  similarToDraft: async () => ({ body: { text: "陶艺课上做了一个杯子" } }),
  listTags: async () => ({}),
  tagCleanup: async () => ({}),
  renameTag: async (ctx, user) => {
    await idea(ctx, user);
    return { body: { from: "陶艺", to: "手工/陶艺", dryRun: false } };
  },
  getPoints: async () => ({}),
  listLedger: async () => ({ query: { limit: 5 } }),
  exportPermission: async () => ({}),
  exportData: async () => ({ body: {} }),
  getWebdav: async () => ({}),
  updateWebdav: async (_ctx, user) => ({
    body: {
      url: WEBDAV_URL,
      username: "小陶",
      password: "app-pass-1",
      frequency: "daily",
      keep: 7,
      accountPassword: user.password,
    },
  }),
  deleteWebdav: async () => ({}),
  testWebdav: async () => ({ body: { url: WEBDAV_URL, username: "小陶", password: "app-pass-1" } }),
  runWebdav: async () => ({}),
  listWebhooks: async () => ({}),
  createWebhook: async () => ({ body: { url: WEBHOOK_URL, events: ["idea.created", "note.updated"] } }),
  deleteWebhook: async (ctx, user) => ({ params: { id: await webhook(ctx, user) } }),
  testWebhook: async (ctx, user) => ({ params: { id: await webhook(ctx, user) } }),
  listWebhookDeliveries: async (ctx, user) => ({ params: { id: await webhook(ctx, user) } }),
  getPush: async () => ({}),
  updatePushSettings: async () => ({ body: { reviewAt: "07:45", digests: false } }),
  createPushChannel: async () => ({
    body: { kind: "dingtalk", url: "https://oapi.example.cn/robot/send?access_token=t", secret: "SECabc" },
  }),
  updatePushChannel: async (ctx, user) => ({
    params: { id: await pushChannel(ctx, user) },
    body: { name: "团队群" },
  }),
  deletePushChannel: async (ctx, user) => ({ params: { id: await pushChannel(ctx, user) } }),
  testPushChannel: async (ctx, user) => ({ params: { id: await pushChannel(ctx, user) } }),
  listMessagingBindings: async () => ({}),
  createBindCode: async () => ({}),
  deleteMessagingBinding: async (ctx, user) => ({ params: { id: await chatBinding(ctx, user) } }),
  listTrash: async () => ({}),
  restoreFromTrash: async (ctx, user) => ({ params: { id: await trashed(ctx, user) } }),
  deleteFromTrash: async (ctx, user) => ({ params: { id: await trashed(ctx, user) } }),
  emptyTrash: async () => ({}),
  reviewToday: async () => ({}),
  markReviewDone: async (ctx, user) => ({ params: { itemId: await inTodaysReview(ctx, user) } }),
  getReviewExclusion: async (ctx, user) => ({ params: { itemId: (await idea(ctx, user)).id } }),
  excludeFromReview: async (ctx, user) => ({ params: { itemId: (await note(ctx, user)).id } }),
  includeInReview: async (ctx, user) => ({ params: { itemId: (await idea(ctx, user)).id } }),
  onThisDay: async () => ({}),
  itemBacklinks: async (ctx, user) => ({ params: { type: "idea", id: (await idea(ctx, user)).id } }),
  resolveLinks: async (ctx, user) => ({ body: { refs: [{ type: "idea", id: (await idea(ctx, user)).id }] } }),
  getStats: async () => ({}),
  listInsights: async (ctx, user) => {
    await insight(ctx, user);
    return { query: { q: "陶艺", limit: 5 } };
  },
  insightPrice: async () => ({
    query: { tag: "陶艺", q: "拉坯", from: "2026-01-01", to: "2026-12-31", last: 10 },
  }),
  createInsight: async () => ({ body: { scope: { tag: "陶艺", last: 10 }, lens: "summary" } }),
  getInsight: async (ctx, user) => ({ params: { id: await insight(ctx, user) } }),
  deleteInsight: async (ctx, user) => ({ params: { id: await insight(ctx, user) } }),
  updateInsight: async (ctx, user) => ({
    params: { id: await insight(ctx, user) },
    body: { aiGrounding: true },
  }),
  markInsightRead: async (ctx, user) => ({ params: { id: await insight(ctx, user) } }),
  timeline: async () => ({ query: { tag: "陶艺", q: "陶艺展" } }),
  aiStatus: async () => ({}),
  listConversations: async (ctx, user) => ({
    query: { subjectType: "idea", subjectId: (await idea(ctx, user)).id },
  }),
  createConversation: async (ctx, user) => ({
    body: { title: "聊陶艺", subject: { type: "idea", id: (await idea(ctx, user)).id } },
  }),
  renameConversation: async (ctx, user) => ({
    params: { id: (await conversation(ctx, user)).id },
    body: { title: "新名字" },
  }),
  deleteConversation: async (ctx, user) => ({ params: { id: (await conversation(ctx, user)).id } }),
  listMessages: async (ctx, user) => ({ params: { id: (await conversation(ctx, user)).id } }),
  liveEvents: async () => ({}),
  sendMessage: async (ctx, user) => ({
    params: { id: (await conversation(ctx, user)).id },
    body: { content: "陶艺课怎么开始？" },
  }),
};
