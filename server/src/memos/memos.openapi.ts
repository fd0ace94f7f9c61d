import type { ForeignApi } from "../http/openapi.ts";

type Json = Record<string, unknown>;

const error = {
  content: {
    "application/json": {
      schema: {
        type: "object",
        properties: {
          code: { type: "integer", description: "gRPC 状态码" },
          message: { type: "string" },
          details: { type: "array", items: {} },
        },
      },
    },
  },
};
const json = (description: string) => ({
  description,
  content: { "application/json": { schema: { type: "object" } } },
});
const param = (name: string, description: string) => ({
  name,
  in: "path",
  required: true,
  schema: { type: "string" },
  description,
});
const USER = param("user", "`users/N` 中的 N");
const MEMO = param("uid", "`memos/<uid>` 中的 uid：想法的 id，或创建时给的 memoId");
const ATTACHMENT = param("id", "`attachments/<id>` 中的 id");

/** One of memos' operations: a read takes a 只读 token, a write a 读写 one (api.ts), or a session. */
const op = (summary: string, scope: "read" | "write" | null, extra: Json = {}) => ({
  summary,
  security: scope ? [{ bearer: [] }, { accessToken: [scope] }] : [],
  responses: {
    "200": json("成功（memos 的格式）"),
    ...(scope ? { "401": { description: "令牌无效（code 16）", ...error } } : {}),
    "404": { description: "不存在（code 5）", ...error },
  },
  ...extra,
});
const body = (description: string) => ({
  requestBody: {
    required: true,
    content: { "application/json": { schema: { type: "object", description } } },
  },
});

/** memos' REST API v1 (api.ts), the subset MoeMemos, MemoFlow and the web clipper call. */
export const memosOpenApi: ForeignApi = {
  tag: "memos 兼容接口",
  description:
    "memos v1 接口中 MoeMemos、MemoFlow 与官方剪藏插件用到的部分（报告版本 0.29.1）：一条 memo 即一条想法；错误为 `{code, message, details}`",
  paths: {
    "/api/v1/instance/profile": { get: op("实例信息（版本号）", null) },
    "/api/v1/auth/me": { get: op("当前用户", "read") },
    "/api/v1/users/{user}": {
      get: op("用户；`{user}:getStats` 为标签计数等统计", "read", { parameters: [USER] }),
    },
    "/api/v1/users/{user}/settings/{setting}": {
      get: op("用户设置（只有 GENERAL）", "read", { parameters: [USER, param("setting", "GENERAL")] }),
    },
    "/api/v1/memos": {
      get: op("列出 memo：pageSize、pageToken、state（NORMAL/ARCHIVED）、orderBy、filter", "read"),
      post: op(
        "新建 memo（?memoId= 指定 uid，重复则 409）",
        "write",
        body("{content, visibility?, createTime?, attachments?}"),
      ),
    },
    "/api/v1/memos/{uid}": {
      get: op("一条 memo", "read", { parameters: [MEMO] }),
      patch: op("修改 memo；state 为 ARCHIVED/NORMAL 即归档/恢复", "write", {
        parameters: [MEMO],
        ...body("{content?, state?, pinned?, attachments?}；没有 updateMask 时按正文的键"),
      }),
      delete: op("删除 memo（移入回收站）", "write", { parameters: [MEMO] }),
    },
    "/api/v1/attachments": {
      get: op("列出附件", "read"),
      post: op("上传附件（JSON，content 为 base64）", "write", body("{filename, type, content, memo?}")),
    },
    "/api/v1/attachments/{id}": {
      get: op("一个附件", "read", { parameters: [ATTACHMENT] }),
      delete: op("删除附件", "write", { parameters: [ATTACHMENT] }),
    },
    "/file/attachments/{id}/{filename}": {
      get: {
        ...op("附件的字节", "read", { parameters: [ATTACHMENT, param("filename", "文件名")] }),
      },
    },
  },
};
