import {
  type Endpoint,
  ErrorEnvelopeSchema,
  endpointList as endpoints,
  errorMessages,
} from "@shinian/contract";
import { z } from "zod";

type Json = Record<string, unknown>;

/**
 * Routes in another product's shape (flomo's, memos'), which the contract does not describe: their
 * wing documents them by hand, under a tag of its own, and app.ts hands them to buildOpenApi (the
 * kernel imports no wing).
 */
export type ForeignApi = { tag: string; description: string; paths: Record<string, Record<string, Json>> };

const schemaOf = (schema: z.ZodType, io: "input" | "output"): Json => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as Json;
  return rest;
};

const STATUS_TEXT: Record<number, string> = {
  400: `${errorMessages.VALIDATION_ERROR}（含 issues）`,
  401: errorMessages.UNAUTHORIZED,
  402: errorMessages.INSUFFICIENT_POINTS,
  403: `记录令牌只能用于记录想法（FORBIDDEN），或存储已达上限（QUOTA_EXCEEDED：${errorMessages.QUOTA_EXCEEDED}）`,
  404: errorMessages.NOT_FOUND,
  408: `${errorMessages.REQUEST_TIMEOUT}（请求未在时限内发完）`,
  409: errorMessages.CONFLICT,
  410: "这条想法已被删除，不会重新创建",
  413: errorMessages.PAYLOAD_TOO_LARGE,
  415: errorMessages.UNSUPPORTED_MEDIA_TYPE,
  429: "操作过于频繁或导出冷却中（含 Retry-After）",
  431: `${errorMessages.HEADERS_TOO_LARGE}（上限 16 KB）`,
  503: `${errorMessages.SERVICE_UNAVAILABLE}（含 Retry-After）`,
};

/** Answered by Node's HTTP parser before any route runs, so any operation can return them. */
const ANY_REQUEST = [408, 431];

/** One line per tag (the reference page and tools show it); a new tag needs one — the lint test says so. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  系统: "服务状态检查，无需登录",
  账号: "注册、登录、登录设备、修改密码与删除账号",
  访问令牌:
    "给脚本、其他应用的客户端与 AI 助手用的个人令牌：capture 仅记录、read 只读、write 读写；旧的记录令牌接口即 capture 权限",
  个人资料: "昵称、自我介绍、设置与头像",
  想法: "随手记下的想法：记录、查看、修改与删除（原始内容永不改变）",
  笔记: "较长的内容：新建、查看、修改与删除",
  首页: "想法与笔记的混合列表，以及中文分词搜索",
  AI点数: "AI 点数余额、价目与明细",
  数据导出: "把全部数据打包成 zip 下载（有冷却时间）",
  附件: "想法与笔记中的图片：上传（按内容识别类型、去除 EXIF、生成缩略图）后以 attachmentIds 附上；图片为私有，经短时有效的签名地址查看",
  数据导入: "导入拾念导出、flomo、memos 或 Markdown：上传并预览，再作为可跟踪、可取消的任务导入",
  AI助手: "AI 模式、对话与流式回答、想法整理及其版本、把想法整理成笔记",
  回收站: "删除的想法与笔记：保留一段时间，可恢复或彻底删除",
  洞察: "按范围（标签、日期、最近几条）与视角由 AI 写成的报告：与想法、笔记分开保存，只引用范围内的记录，默认不进入 AI 助手的资料",
  链接: "想法与笔记之间的链接：正文里写作 [[idea:<uuid>]] 或 [[note:<uuid>]]，被引用列表与链接目标的当前标题、状态",
  统计: "记录热力图（近一年每天的记录数，按北京时间）、连续记录天数、每月记录数与常用标签",
  回顾: "每日回顾（每天一小组较早的想法与笔记，按北京时间一天一组）与那年今日",
  Webhook:
    "签名的外发 Webhook（Standard Webhooks）：想法、笔记的新增、修改、删除与每日回顾，按事件推送到你的地址",
  提醒与推送:
    "推送渠道（企业微信群机器人、飞书/钉钉机器人、Bark、Server酱、Webhook；密钥加密保存、从不返回）与推送内容：每日回顾按设定时间（北京时间）推送，周报/月报生成后推送",
  消息绑定:
    "把微信公众号或 Telegram 的聊天账号绑定到本账号：发给公众号的文字、链接、图片与语音记成想法，回复「回顾」收到每日回顾",
  实时事件:
    "本账号的改动以 SSE 实时推送给打开的设备（仅类型与 id，不含内容）；凭登录或 read 令牌的 Authorization 头，不接受网址里的令牌",
  标签: "标签列表与数量（`读书/小说` 式层级），改名与合并；首页列表用 ?tag= 按标签筛选",
};

function operation(e: Endpoint): Json {
  const op: Json = {
    tags: [e.tag],
    summary: e.summary,
    operationId: `${e.method}${e.path.replace(/[^A-Za-z]+/g, "_")}`,
  };
  const params: Json[] = [];
  for (const m of e.path.matchAll(/\{(\w+)\}/g)) {
    params.push({ name: m[1], in: "path", required: true, schema: { type: "string" } });
  }
  if (e.query) {
    const q = schemaOf(e.query, "input") as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {})) {
      params.push({ name, in: "query", required: q.required?.includes(name) ?? false, schema });
    }
  }
  if (params.length) op.parameters = params;
  if (e.body) {
    op.requestBody = {
      required: true,
      content: { "application/json": { schema: schemaOf(e.body, "input") } },
    };
  }
  if (e.upload) {
    op.requestBody = {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: { file: { type: "string", format: "binary" } },
            required: ["file"],
          },
        },
      },
    };
  }
  // An empty list says "public" explicitly; leaving security out would leave it undefined.
  op.security = !e.auth ? [] : e.token ? [{ bearer: [] }, { accessToken: [e.token] }] : [{ bearer: [] }];
  const ok = String(e.status ?? 200);
  const responses: Json = {};
  if (e.produces) {
    responses[ok] = {
      description: "成功",
      content: Object.fromEntries(
        [e.produces].flat().map((type) => [type, { schema: { type: "string", format: "binary" } }]),
      ),
    };
  } else {
    const data = e.data ? schemaOf(e.data, "output") : { type: "null" };
    responses[ok] = {
      description: "成功",
      content: {
        "application/json": {
          schema: {
            type: "object",
            properties: { success: { const: true }, message: { type: "string" }, data },
            required: ["success", "data"],
          },
        },
      },
    };
  }
  const errors = new Set([
    ...(e.errors ?? []),
    ...(e.auth ? [401] : []),
    ...(e.auth ? [403] : []),
    ...ANY_REQUEST,
  ]);
  for (const status of [...errors].sort()) {
    responses[String(status)] = { $ref: `#/components/responses/E${status}` };
  }
  op.responses = responses;
  return op;
}

export function buildOpenApi(foreign: readonly ForeignApi[] = []): Json {
  const paths: Record<string, Json> = {};
  for (const e of endpoints) {
    paths[e.path] ??= {};
    paths[e.path]![e.method] = operation(e);
  }
  for (const api of foreign) {
    for (const [path, ops] of Object.entries(api.paths)) {
      if (paths[path]) throw new Error(`${api.tag}: ${path} is already a documented path`);
      paths[path] = Object.fromEntries(
        Object.entries(ops).map(([method, op]) => [
          method,
          { tags: [api.tag], operationId: `${method}${path.replace(/[^A-Za-z]+/g, "_")}`, ...op },
        ]),
      );
    }
  }
  const errorSchema = schemaOf(ErrorEnvelopeSchema, "output");
  return {
    openapi: "3.1.0",
    info: {
      title: "拾念 API",
      version: "1.0.0",
      description:
        "成功：`{ success: true, message?, data }`；失败：HTTP 状态码 + `{ success: false, message, code }`（中文 message）。" +
        "除注册、登录、健康检查与头像图片外，均需 `Authorization: Bearer <token>`。",
      // No licence has been granted for this API or its code (the repository carries none).
      license: { name: "保留所有权利（未授予使用许可）", identifier: "LicenseRef-All-Rights-Reserved" },
    },
    servers: [{ url: "/" }],
    tags: [
      ...[...new Set(endpoints.map((e) => e.tag))].map((name) => ({
        name,
        description: TAG_DESCRIPTIONS[name],
      })),
      ...foreign.map(({ tag, description }) => ({ name: tag, description })),
    ],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "登录或注册返回的 token" },
        accessToken: {
          type: "http",
          scheme: "bearer",
          description:
            "访问令牌（sn_pat_ 开头，旧的记录令牌 sn_cap_ 开头，在“隐私与安全”中创建）：capture 仅记录、read 只读、write 读写；每个接口所需的权限见其 security",
        },
      },
      schemas: { Error: errorSchema },
      responses: Object.fromEntries(
        Object.entries(STATUS_TEXT).map(([status, description]) => [
          `E${status}`,
          {
            description,
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          },
        ]),
      ),
    },
  };
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

/**
 * A self-contained reference page rendered from the same document: no CDN script (the CSP
 * stays strict and the page works offline), readable in any browser.
 */
export function renderDocs(doc: Json): string {
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const sections = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = (op.tags as string[])[0]!;
      const body = (op.requestBody as { content: Record<string, { schema: unknown }> } | undefined)?.content;
      const params = (op.parameters as { name: string; in: string; required: boolean }[] | undefined) ?? [];
      const responses = op.responses as Record<string, Json>;
      const html = [
        `<details><summary><span class="m ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code> — ${esc(String(op.summary))}${(op.security as unknown[]).length ? ' <span class="lock">需登录</span>' : ""}</summary>`,
        params.length
          ? `<p>参数：${params.map((p) => `<code>${esc(p.name)}</code>（${p.in}${p.required ? "，必填" : ""}）`).join("，")}</p>`
          : "",
        body
          ? Object.entries(body)
              .map(
                ([type, c]) =>
                  `<p>请求体 <code>${esc(type)}</code></p><pre>${esc(JSON.stringify(c.schema, null, 2))}</pre>`,
              )
              .join("")
          : "",
        Object.entries(responses)
          .map(([status, r]) => {
            if ("$ref" in r) return `<p>${status}：错误信封（见下）</p>`;
            const content = r.content as Record<string, { schema: unknown }>;
            return Object.entries(content)
              .map(
                ([type, c]) =>
                  `<p>${status} <code>${esc(type)}</code></p><pre>${esc(JSON.stringify(c.schema, null, 2))}</pre>`,
              )
              .join("");
          })
          .join(""),
        "</details>",
      ].join("");
      sections.set(tag, [...(sections.get(tag) ?? []), html]);
    }
  }
  const info = doc.info as { title: string; description: string };
  const errorSchema = (doc.components as { schemas: { Error: unknown } }).schemas.Error;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(info.title)} 参考</title><style>
body{font-family:system-ui,"PingFang SC","Noto Sans CJK SC",sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#222;line-height:1.6}
h1{color:#f97316}h2{border-bottom:1px solid #eee;padding-bottom:.3rem;margin-top:2rem}
details{border:1px solid #e5e5e5;border-radius:8px;margin:.5rem 0;padding:.5rem .8rem}summary{cursor:pointer}
pre{background:#fafafa;border:1px solid #eee;padding:.6rem;overflow:auto;font-size:12px}
.m{display:inline-block;min-width:4.2em;text-align:center;border-radius:4px;color:#fff;font:600 12px monospace;padding:2px 4px}
.get{background:#2563eb}.post{background:#16a34a}.patch{background:#d97706}.delete{background:#dc2626}.lock{font-size:12px;color:#888}
</style></head><body><h1>${esc(info.title)}</h1><p>${esc(info.description)}</p><p>机器可读文档：<a href="/api/openapi.json">/api/openapi.json</a></p>
${[...sections].map(([tag, items]) => `<h2>${esc(tag)}</h2>${items.join("")}`).join("\n")}
<h2>错误信封</h2><pre>${esc(JSON.stringify(errorSchema, null, 2))}</pre></body></html>`;
}
