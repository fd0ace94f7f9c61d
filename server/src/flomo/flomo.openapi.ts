import type { ForeignApi } from "../http/openapi.ts";

const memo = {
  type: "object",
  properties: {
    slug: { type: "string" },
    source: { const: "incoming_webhook" },
    content: { type: "string", description: "HTML 段落，如 flomo" },
    tags: { type: "array", items: { type: "string" }, description: "不带 #，如 `读书/小说`" },
    created_at: { type: "string", description: "北京时间 `YYYY-MM-DD HH:mm:ss`" },
    updated_at: { type: "string" },
    linked_memos: { type: "array", items: {} },
    linked_count: { type: "integer" },
  },
};
const refusal = {
  content: {
    "application/json": {
      schema: { type: "object", properties: { code: { const: -1 }, message: { type: "string" } } },
    },
  },
};
const body = {
  type: "object",
  properties: {
    content: { type: "string", description: "想法内容，其中的 #标签 记为标签" },
    content_type: { enum: ["markdown", "text"] },
  },
  required: ["content"],
};
const capture = (summary: string) => ({
  post: {
    summary,
    description: "末尾的斜杠可有可无。令牌在网址里（flomo 的做法），所以只收访问令牌，不收登录会话。",
    security: [],
    parameters: [
      {
        name: "token",
        in: "path",
        required: true,
        schema: { type: "string" },
        description: "capture 或 write 权限的访问令牌",
      },
    ],
    requestBody: {
      required: true,
      content: {
        "application/json": { schema: body },
        "application/x-www-form-urlencoded": { schema: body },
      },
    },
    responses: {
      "200": {
        description: "已记录",
        content: {
          "application/json": {
            schema: { type: "object", properties: { code: { const: 0 }, message: { type: "string" }, memo } },
          },
        },
      },
      "400": { description: "内容为空、过长或 content_type 不对", ...refusal },
      "401": { description: "令牌无效、已撤销或已过期", ...refusal },
      "403": { description: "令牌权限不足（只读）", ...refusal },
      "429": { description: "记录过于频繁", ...refusal },
    },
  },
});

/** flomo's incoming API (flomo.routes.ts) as its clients call it. */
export const flomoOpenApi: ForeignApi = {
  tag: "flomo 兼容接口",
  description:
    "flomo 的 `POST /iwh/…` 记录接口：为 flomo 写的快捷指令、Raycast、浏览器扩展不用改，换上拾念的网址即可",
  paths: {
    "/iwh/{token}": capture("记录一条想法（flomo 格式）"),
    "/iwh/{user}/{token}": {
      post: {
        ...capture("记录一条想法（粘贴来的 flomo 式网址，user 段任意）").post,
        parameters: [
          {
            name: "user",
            in: "path",
            required: true,
            schema: { type: "string" },
            description: "任意，不使用",
          },
          ...capture("").post.parameters,
        ],
      },
    },
  },
};
