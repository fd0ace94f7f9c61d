import { hkdfSync } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { parseTrustProxy } from "./http/client-address.ts";
import { LIMITS } from "./limits.ts";

// What an operator decides, read from the environment once at start: one zod object per section,
// each variable written once (its key, its kind, its default and its description) and turned into
// that section's slice of Config. What an engineer tunes is in limits.ts. docs/configuration.md is
// generated from both (scripts/configuration-doc.ts). Longer than 300 lines on purpose: the whole
// list an operator may set is read top-down in this one file.

const DURATION = /^(\d+)(ms|s|m|h|d)?$/;
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "1h", "30m", "90s", "0", "2d" → milliseconds. */
export function parseDuration(text: string): number | null {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  const unit = (match[2] ?? "s") as keyof typeof UNIT_MS;
  return Number(match[1]) * UNIT_MS[unit];
}

const SIZE = /^(\d+)\s*(B|[KMGT]i?B)?$/i;
const UNIT_BYTES = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3, tb: 1024 ** 4 } as const;

/** "1GiB" or "1GB", "500MiB", "64KB", "200000" (bytes), "0" → bytes; every unit binary (1 GB = 1024³). */
export function parseByteSize(text: string): number | null {
  const match = SIZE.exec(text.trim());
  if (!match) return null;
  const unit = (match[2] ?? "b").toLowerCase().replace("i", "") as keyof typeof UNIT_BYTES;
  const bytes = Number(match[1]) * UNIT_BYTES[unit];
  return Number.isSafeInteger(bytes) ? bytes : null;
}

export type WriteLimit = { burst: number; perMinute: number };

/** "burst/perMinute" ("120/30": 120 at once, then 30 a minute) → the bucket; "0" → null (no limit). */
function parseWriteLimit(text: string): WriteLimit | null | undefined {
  if (text.trim() === "0") return null;
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) return undefined;
  return { burst: Number(match[1]), perMinute: Number(match[2]) };
}

/** https anywhere; plain http only to this machine (Ollama on localhost), where nothing crosses a network. */
function isSafeAiBaseUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol === "https:") return true;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

const emptyAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** Text kinds a setting may be written in: how each reads, and what a wrong value is told. */
const TEXT_KINDS = {
  duration: {
    read: (v: string) => parseDuration(v) ?? undefined,
    expected: 'a duration like "1h", "30m", "90s" or "0"',
    format: "duration",
  },
  size: {
    read: (v: string) => parseByteSize(v) ?? undefined,
    expected: 'a size like "1GiB", "500MB", "200000" (bytes), or "0" for no limit',
    format: "size",
  },
  writeLimit: {
    read: parseWriteLimit,
    expected: '"burst/perMinute" like "120/30", or "0" for no limit',
    format: "burst/perMinute",
  },
};
type TextKind = keyof typeof TEXT_KINDS;
type ValueOf<K extends TextKind> = Exclude<ReturnType<(typeof TEXT_KINDS)[K]["read"]>, undefined>;

/** A setting written as text of one kind ("1h", "500MiB", "120/30"), with its default. */
function parsed<K extends TextKind>(kind: K, def: string) {
  const { read, expected, format } = TEXT_KINDS[kind];
  return z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .default(def)
        .transform((v, ctx) => {
          const value = read(v);
          if (value === undefined) {
            ctx.addIssue({ code: "custom", message: `must be ${expected}` });
            return z.NEVER;
          }
          return value as ValueOf<K>;
        }),
    )
    .meta({ default: def, format });
}

const int = (def: number, min = 0, max = 1_000_000) =>
  z
    .preprocess(emptyAsUndefined, z.coerce.number().int().min(min).max(max).default(def))
    .meta({ default: String(def), format: `integer ${min}–${max}` });

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, def: T[number]) =>
  z
    .preprocess(
      (v) => (typeof v === "string" ? emptyAsUndefined(v.trim().toLowerCase()) : v),
      z.enum(values).default(def),
    )
    .meta({ default: def, format: values.join(" | ") });

const flag = (def: "true" | "false") =>
  oneOf(["true", "false"], def)
    .transform((v) => v === "true")
    .meta({ default: def, format: "true | false" });

const text = (def: string) =>
  z.preprocess(emptyAsUndefined, z.string().default(def)).meta({ default: def, format: "text" });
const optionalText = () => z.preprocess(emptyAsUndefined, z.string().optional()).meta({ format: "text" });

const aiBaseUrl = () =>
  z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^https?:\/\//, { message: "must be an http:// or https:// URL" })
        .refine(isSafeAiBaseUrl, {
          message:
            "must be https:// (the API key and every question would cross the network in clear), or http:// to a loopback address",
        })
        .optional(),
    )
    .meta({ format: "URL" });

/** One section: its variables (schema keys) and the slice of Config they build. */
function section<S extends z.ZodRawShape, T>(
  title: string,
  shape: S,
  build: (e: z.output<z.ZodObject<S>>, ctx: z.RefinementCtx) => T,
) {
  return { title, shape, schema: z.object(shape).transform(build) };
}

/** Adds a start-up error naming `key`, for a setting that only makes sense with others. */
function refuse(ctx: z.RefinementCtx, key: string, message: string): never {
  ctx.addIssue({ code: "custom", path: [key], message });
  return z.NEVER;
}

const server = section(
  "The server",
  {
    PORT: int(8787, 0, 65535).describe("The port the API and the app are served on."),
    HOST: text("0.0.0.0").describe(
      "The address to listen on (127.0.0.1 behind a proxy on the same machine).",
    ),
    DATA_DIR: text("./data").describe(
      "Where the embedded PostgreSQL keeps its data and backups when DATABASE_URL is unset.",
    ),
    APP_DIST_DIR: text("./app/dist").describe(
      "The built app served on every non-/api path (bench:ab points it at a second build).",
    ),
    DATABASE_URL: z
      .preprocess(
        emptyAsUndefined,
        z
          .string()
          .regex(/^postgres(ql)?:\/\//, { message: "must be a postgres:// or postgresql:// URL" })
          .optional(),
      )
      .meta({ format: "postgres:// URL" })
      .describe("A PostgreSQL 15+ server for every process; unset: an embedded PostgreSQL in DATA_DIR."),
    PUBLIC_URL: z
      .preprocess(
        emptyAsUndefined,
        z
          .string()
          .regex(/^https?:\/\/[^/?#\s]+/, {
            message: "must be the site's address, like https://shinian.example.cn",
          })
          .optional(),
      )
      .meta({ format: "URL" })
      .describe(
        "The address people open the site at: the start of the links `npm run account:reset-password` prints (unset: http://localhost:PORT).",
      ),
    LOG_LEVEL: oneOf(["debug", "info", "warn", "error", "silent"], "info").describe(
      "The least important log line written (JSON lines on stdout).",
    ),
  },
  (e) => ({
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    /** The built SPA served on non-/api paths. */
    appDistDir: path.resolve(e.APP_DIST_DIR),
    databaseUrl: e.DATABASE_URL,
    /** The site's address without a trailing slash; null: http://localhost:PORT. */
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, "") ?? null,
    logLevel: e.LOG_LEVEL,
  }),
);

const proxy = section(
  "Behind a proxy",
  {
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const trusted = parseTrustProxy(v);
        return "error" in trusted ? refuse(ctx, "TRUST_PROXY", trusted.error) : trusted;
      })
      .meta({ format: "true | loopback | addresses and CIDR ranges" })
      .describe(
        "Whose X-Forwarded-For entries name the client: unset trusts none; `loopback` for nginx on this machine.",
      ),
    CONNECTIONS_PER_IP: int(128, 0, 1_000_000).describe(
      "Open connections per client address (an IPv6 client by its /64); 0: no cap. Behind nginx every connection is nginx's, so the deployment sets 0 and nginx's limit_conn caps instead (the same 128).",
    ),
    HTTP_KEEP_ALIVE_TIMEOUT: parsed("duration", "5s").describe(
      "How long an idle kept-alive connection stays open. Behind a proxy it must outlast the proxy's own upstream keepalive_timeout (deploy: 65s against nginx's 2s).",
    ),
  },
  (e) => ({
    /** Whose X-Forwarded-For entries name the client. */
    trustProxy: e.TRUST_PROXY,
    /** What Node's HTTP server allows one connection and one client address. */
    http: {
      ...LIMITS.http,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT,
      /** Open connections per client address (an IPv6 client by its /64); 0 = no cap. */
      connectionsPerIp: e.CONNECTIONS_PER_IP,
    },
  }),
);

const accounts = section(
  "Accounts",
  {
    REGISTRATION: oneOf(["open", "invite", "closed"], "open").describe(
      "Who may register: anyone, holders of an invite code (`npm run invite:create`), nobody.",
    ),
    ADMIN_CONTACT: z
      .preprocess(emptyAsUndefined, z.string().trim().max(100).optional())
      .meta({ format: "text, ≤ 100 characters" })
      .describe("Shown on the login page under 忘记密码？请联系本站管理员 (a WeChat id, an email …)."),
    REGISTER_PER_IP_PER_HOUR: int(20, 1).describe(
      "Registrations one client address may make per hour (each new account brings AI points). Raise it for a school or an office behind one address.",
    ),
    PASSWORD_HASH_COST: int(15, 10, 20).describe(
      "log2 of scrypt's N: 15 takes 32 MiB per hash. A machine with little memory and many sign-ins at once may lower it; tests lower it for speed.",
    ),
  },
  (e) => ({
    /** Who may register: anyone, holders of an invite code, nobody. */
    registration: e.REGISTRATION,
    /** Whom the login page names for a forgotten password; null: 本站管理员 only. */
    adminContact: e.ADMIN_CONTACT ?? null,
    registerPerIpPerHour: e.REGISTER_PER_IP_PER_HOUR,
    passwordHashCost: e.PASSWORD_HASH_COST,
  }),
);

const usage = section(
  "What one account may use",
  {
    POINTS_REGISTER_BONUS: int(100).describe(
      "AI points a new account starts with (the provider's bill is the operator's); `npm run points:grant` gives more.",
    ),
    QUOTA_ITEMS: int(100_000, 0, 1_000_000_000).describe(
      "Ideas and notes (trashed ones too) one account may keep; 0: no limit.",
    ),
    QUOTA_BYTES: parsed("size", "1GiB").describe(
      "Bytes one account may store (text, images, recordings, imports on their way); 0: no limit.",
    ),
    EXPORT_COOLDOWN: parsed("duration", "1h").describe(
      "How long after an export one account may start the next: an export streams the whole account, the heaviest thing one request does. 0: any time.",
    ),
    RATE_CAPTURES: parsed("writeLimit", "120/30").describe(
      "Captures one account may make: a burst, then so many a minute. A site whose people write by script may raise it.",
    ),
    RATE_NOTES: parsed("writeLimit", "60/20").describe("Note writes one account may make, as RATE_CAPTURES."),
    RATE_CHAT: parsed("writeLimit", "30/10").describe(
      "Chat questions and transcriptions one account may ask, as RATE_CAPTURES: what one account can cost at the provider in a minute.",
    ),
    RATE_UPLOADS: parsed("writeLimit", "20/5").describe(
      "Image and import uploads one account may make, as RATE_CAPTURES.",
    ),
  },
  (e) => ({
    points: {
      registerBonus: e.POINTS_REGISTER_BONUS,
      costs: { ...LIMITS.pointCosts },
      /** Per item embedded; a search's own query is not charged. */
      embedItem: LIMITS.embedItemPoints,
      /** One 洞察 (insights/). */
      insight: LIMITS.insightPoints,
    },
    insights: { ...LIMITS.insights },
    exportCooldownMs: e.EXPORT_COOLDOWN,
    /** What one account may store (points/quotas.ts); null: no limit. */
    quota: { items: e.QUOTA_ITEMS || null, bytes: e.QUOTA_BYTES || null },
    /** Per-user write buckets; null: no limit (points/write-limits.ts). */
    writeLimits: {
      captures: e.RATE_CAPTURES,
      notes: e.RATE_NOTES,
      chat: e.RATE_CHAT,
      uploads: e.RATE_UPLOADS,
      webdavTests: { ...LIMITS.webdavTestsPerUser } as WriteLimit | null,
    },
    /** Searches of one account running at once in a process (search/search.routes.ts); 0: no limit. */
    searchesPerUser: LIMITS.searchesPerUser,
  }),
);

const OPENAI = "https://api.openai.com/v1";

const ai = section(
  "The AI provider",
  {
    AI_BASE_URL: aiBaseUrl().describe(
      "An OpenAI-compatible API (https://, or http:// to this machine for Ollama). With AI_API_KEY, either switches the assistant on; both unset: 本地模式.",
    ),
    AI_API_KEY: optionalText().describe("The provider's API key (unset for a local Ollama)."),
    AI_MODEL: text("gpt-4o-mini").describe("The chat model: chat, 自动整理 and 整理成笔记."),
    AI_VISION: flag("false").describe(
      "true when the model reads images: 自动整理 then sends an idea's thumbnails with its text.",
    ),
    AI_TIDY_GRACE: parsed("duration", "30s").describe(
      "自动整理 and embedding start this long after a write: the time people have to mark an idea 不让AI读取 or delete it before the provider sees it.",
    ),
    AI_TRANSCRIBE_MODEL: optionalText().describe(
      "The chat provider's transcription model (whisper-1 …); unset: recordings are kept as audio only.",
    ),
    AI_EMBEDDING_MODEL: optionalText().describe(
      "The embedding model for finding by meaning (text-embedding-v3 …); unset: search by keywords only.",
    ),
    AI_EMBEDDING_BASE_URL: aiBaseUrl().describe("The embedding provider, when not the chat's (AI_BASE_URL)."),
    AI_EMBEDDING_API_KEY: optionalText().describe("Its key, when not the chat's (AI_API_KEY)."),
    AI_EMBEDDING_BATCH: int(10, 1, 256).describe(
      "Texts per embedding call: the provider's own limit (DashScope's text-embedding-v3 takes at most 10).",
    ),
    AI_EMBEDDING_MIN_SIMILARITY: z
      .preprocess(emptyAsUndefined, z.coerce.number().min(-1).max(1).default(0.5))
      .meta({ default: "0.5", format: "number −1–1" })
      .describe(
        "The cosine similarity a meaning-only hit needs: it depends on the model (docs/search-quality.md measures it).",
      ),
  },
  (e, ctx) => {
    const provider = e.AI_BASE_URL || e.AI_API_KEY;
    // With no provider named, embeddings would go to OpenAI without a key while the app says 本地模式.
    if (e.AI_EMBEDDING_MODEL && !(e.AI_EMBEDDING_BASE_URL || e.AI_EMBEDDING_API_KEY || provider)) {
      refuse(
        ctx,
        "AI_EMBEDDING_MODEL",
        "set, but no provider to send the texts to: set AI_EMBEDDING_BASE_URL (and AI_EMBEDDING_API_KEY if it needs one), or unset AI_EMBEDDING_MODEL",
      );
    }
    if (e.AI_TRANSCRIBE_MODEL && !provider) {
      refuse(
        ctx,
        "AI_TRANSCRIBE_MODEL",
        "set, but no provider to send recordings to: set AI_BASE_URL (and AI_API_KEY if it needs one), or unset AI_TRANSCRIBE_MODEL",
      );
    }
    const { timeoutMs, transcribeTimeoutMs, maxRetries, maxTokens } = LIMITS.ai;
    return {
      /** null: no provider configured, the offline assistant answers (本地模式). Ollama needs no key. */
      ai: provider
        ? {
            baseUrl: e.AI_BASE_URL ?? OPENAI,
            apiKey: e.AI_API_KEY,
            model: e.AI_MODEL,
            timeoutMs,
            maxRetries,
            maxTokens: { ...maxTokens },
            /** The model reads images, so tidy sends an idea's thumbnails with its text. */
            vision: e.AI_VISION,
          }
        : null,
      /** The OpenAI-compatible POST {baseUrl}/audio/transcriptions, on the chat provider; null: audio only. */
      transcribe:
        e.AI_TRANSCRIBE_MODEL && provider
          ? {
              baseUrl: e.AI_BASE_URL ?? OPENAI,
              apiKey: e.AI_API_KEY,
              model: e.AI_TRANSCRIBE_MODEL,
              timeoutMs: transcribeTimeoutMs,
              maxRetries,
            }
          : null,
      /** The OpenAI-compatible POST {baseUrl}/embeddings, apart from chat's; null: keywords only. */
      embedding: e.AI_EMBEDDING_MODEL
        ? {
            baseUrl: e.AI_EMBEDDING_BASE_URL ?? e.AI_BASE_URL ?? OPENAI,
            apiKey: e.AI_EMBEDDING_API_KEY ?? e.AI_API_KEY,
            model: e.AI_EMBEDDING_MODEL,
            timeoutMs,
            maxRetries,
            /** Cosine similarity below which a vector match is not shown. */
            minSimilarity: e.AI_EMBEDDING_MIN_SIMILARITY,
            batch: e.AI_EMBEDDING_BATCH,
          }
        : null,
      /** 自动整理 starts this long after capture: time to mark the idea 不让AI读取 or delete it. */
      aiTidyGraceMs: e.AI_TIDY_GRACE,
      aiContextTokens: LIMITS.aiContextTokens,
    };
  },
);

const storage = section(
  "Where images and recordings are kept",
  {
    S3_BUCKET: optionalText().describe(
      "An S3-compatible bucket for attachments; unset: they stay in PostgreSQL.",
    ),
    S3_ENDPOINT: z
      .preprocess(
        emptyAsUndefined,
        z
          .string()
          .regex(/^https?:\/\//, { message: "must be an http:// or https:// URL" })
          .optional(),
      )
      .meta({ format: "URL" })
      .describe("Any S3-compatible service's address (COS, OSS, MinIO …); unset: AWS's own for the region."),
    S3_REGION: text("us-east-1").describe("The bucket's region."),
    S3_ACCESS_KEY_ID: optionalText().describe("The bucket's access key."),
    S3_SECRET_ACCESS_KEY: optionalText().describe("Its secret."),
    S3_FORCE_PATH_STYLE: flag("false").describe(
      "true: endpoint/bucket/key rather than bucket.endpoint/key (MinIO, s3rver).",
    ),
  },
  (e, ctx) => {
    if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY)) {
      refuse(
        ctx,
        "S3_BUCKET",
        "unset, but other S3_* settings are set: set S3_BUCKET to keep files in that bucket, or unset them all to keep files in PostgreSQL",
      );
    }
    if (e.S3_BUCKET && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
      refuse(
        ctx,
        "S3_BUCKET",
        "set, but S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are not: set both, or unset S3_BUCKET to keep files in PostgreSQL",
      );
    }
    return {
      /** Images on ideas and notes (attachments). */
      attachments: {
        ...LIMITS.attachments,
        /** The S3-compatible bucket files go to; null: PostgreSQL holds them. */
        s3:
          e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
            ? {
                bucket: e.S3_BUCKET,
                endpoint: e.S3_ENDPOINT,
                region: e.S3_REGION,
                accessKeyId: e.S3_ACCESS_KEY_ID,
                secretAccessKey: e.S3_SECRET_ACCESS_KEY,
                forcePathStyle: e.S3_FORCE_PATH_STYLE,
              }
            : null,
      },
    };
  },
);

// HKDF: any long secret (a passphrase, base64 bytes) becomes a uniform 256-bit key, one per use
// (the WebDAV one is derived as before SECRET_KEY had its name, so saved passwords still open)
const derivedKey = (
  secret: string,
  use: "shinian webdav password" | "shinian webhook secret" | "shinian push channel",
) => Buffer.from(hkdfSync("sha256", secret, "", use, 32));

const secretKey = () =>
  z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .min(32, { message: "must be at least 32 characters (e.g. openssl rand -base64 32)" })
        .optional(),
    )
    .meta({ format: "text, ≥ 32 characters" });

/** The setting, or its older name; both set to different values is a mistake worth stopping for. */
function aliased<T>(ctx: z.RefinementCtx, name: string, value: T, alias: string, aliasValue: T): T {
  if (value !== undefined && aliasValue !== undefined && value !== aliasValue) {
    return refuse(ctx, alias, `is an older name of ${name}, which is set to another value: keep one`);
  }
  return value ?? aliasValue;
}

const secrets = section(
  "Stored secrets and outbound connections",
  {
    SECRET_KEY: secretKey().describe(
      "Every secret the server stores (WebDAV app passwords, webhook signing secrets, push channels' addresses and keys) is encrypted with a key derived from this (`openssl rand -base64 32`), the same on every process; unset: no WebDAV backup, no webhooks and no pushes.",
    ),
    SECRET_KEY_PREVIOUS: secretKey().describe(
      "The key before the last rotation: what it sealed still opens, and is sealed again under the new one.",
    ),
    OUTBOUND_ALLOW_LOCAL: flag("false").describe(
      "true: WebDAV backups, webhooks and push channels may also use plain http:// and addresses on this machine or its network (a home Nextcloud, a self-hosted Bark).",
    ),
    WEBDAV_SECRET_KEY: secretKey().describe("The older name of SECRET_KEY, still read."),
    WEBDAV_SECRET_KEY_PREVIOUS: secretKey().describe("The older name of SECRET_KEY_PREVIOUS, still read."),
    WEBDAV_ALLOW_LOCAL: flag("false").describe(
      "The older name of OUTBOUND_ALLOW_LOCAL, still read (either true allows).",
    ),
  },
  (e, ctx) => {
    const key = aliased(ctx, "SECRET_KEY", e.SECRET_KEY, "WEBDAV_SECRET_KEY", e.WEBDAV_SECRET_KEY);
    const previous = aliased(
      ctx,
      "SECRET_KEY_PREVIOUS",
      e.SECRET_KEY_PREVIOUS,
      "WEBDAV_SECRET_KEY_PREVIOUS",
      e.WEBDAV_SECRET_KEY_PREVIOUS,
    );
    /** Also plain http:// and addresses on this machine or its network, for every outbound kind. */
    const allowLocal = e.OUTBOUND_ALLOW_LOCAL || e.WEBDAV_ALLOW_LOCAL;
    const keys = (use: Parameters<typeof derivedKey>[1]) => ({
      /** The AES-256 key of what this feature stores; null: the feature is off. */
      key: key ? derivedKey(key, use) : null,
      /** Rotated-out keys: they only open, never seal. */
      previousKeys: previous ? [derivedKey(previous, use)] : [],
    });
    return {
      outbound: { allowLocal },
      webdav: { ...keys("shinian webdav password"), allowLocal, ...LIMITS.webdav },
      webhooks: { ...keys("shinian webhook secret"), allowLocal, ...LIMITS.webhooks },
      push: { ...keys("shinian push channel"), allowLocal, ...LIMITS.push },
    };
  },
);

const apiBase = (def: string) =>
  z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .default(def)
        .refine(isSafeAiBaseUrl, {
          message: "must be https://, or http:// to a loopback address (a local stand-in)",
        })
        .transform((v) => v.replace(/\/+$/, "")),
    )
    .meta({ default: def, format: "URL" });

const messaging = section(
  "Chat apps as a capture box",
  {
    WECHAT_TOKEN: z
      .preprocess(
        emptyAsUndefined,
        z
          .string()
          .regex(/^[A-Za-z0-9]{3,32}$/, {
            message: "must be 3–32 letters or digits, as the 公众号's 服务器配置 takes it",
          })
          .optional(),
      )
      .meta({ format: "text, 3–32 letters or digits" })
      .describe(
        "The Token of the 公众号's 服务器配置 (WeChat signs every message with it); with WECHAT_APPID it turns on /wechat/mp, where followers' messages become ideas (docs/operating.md).",
      ),
    WECHAT_APPID: z
      .preprocess(
        emptyAsUndefined,
        z
          .string()
          .regex(/^wx[0-9a-f]{16}$/i, { message: "must be the 公众号's AppID, like wx0123456789abcdef" })
          .optional(),
      )
      .meta({ format: "wx + 16 hex digits" })
      .describe("The 公众号's AppID (开发 → 基本配置)."),
    WECHAT_APPSECRET: z
      .preprocess(
        emptyAsUndefined,
        z
          .string()
          .regex(/^[0-9a-f]{32}$/i, { message: "must be the 公众号's AppSecret (32 hex digits)" })
          .optional(),
      )
      .meta({ format: "32 hex digits" })
      .describe(
        "The 公众号's AppSecret: needed to fetch images and recordings through WeChat's media API; unset, only text, links and recognised voice are saved.",
      ),
    WECHAT_AES_KEY: z
      .preprocess(
        emptyAsUndefined,
        z
          .string()
          .regex(/^[A-Za-z0-9]{43}$/, { message: "must be the 43-character EncodingAESKey" })
          .optional(),
      )
      .meta({ format: "43 letters or digits" })
      .describe(
        "The EncodingAESKey of the 服务器配置: needed for 安全模式 (and 兼容模式); unset, only 明文模式 is taken.",
      ),
    WECHAT_API_BASE: apiBase("https://api.weixin.qq.com").describe(
      "Where WeChat's API answers (access tokens, media): changed only to point at a stand-in.",
    ),
    TELEGRAM_BOT_TOKEN: z
      .preprocess(
        emptyAsUndefined,
        z
          .string()
          .regex(/^\d{5,16}:[A-Za-z0-9_-]{30,64}$/, {
            message: "must be the token @BotFather gave, like 123456789:AAE…",
          })
          .optional(),
      )
      .meta({ format: "123456789:AA…" })
      .describe(
        "A Telegram bot's token (@BotFather): bound chats' text, photos and voice become ideas. With an https PUBLIC_URL, Telegram posts them to /telegram/webhook; otherwise one process long-polls them (docs/operating.md).",
      ),
    TELEGRAM_API_BASE: apiBase("https://api.telegram.org").describe(
      "Where the Telegram Bot API answers: changed only for a local Bot API server or a stand-in.",
    ),
  },
  (e, ctx) => {
    const telegram = e.TELEGRAM_BOT_TOKEN
      ? { token: e.TELEGRAM_BOT_TOKEN, apiBase: e.TELEGRAM_API_BASE, ...LIMITS.telegram }
      : null;
    if (e.WECHAT_TOKEN === undefined && e.WECHAT_APPID === undefined) {
      for (const key of ["WECHAT_APPSECRET", "WECHAT_AES_KEY"] as const)
        if (e[key] !== undefined) refuse(ctx, key, "needs WECHAT_TOKEN and WECHAT_APPID");
      return { wechat: null, telegram };
    }
    if (e.WECHAT_TOKEN === undefined)
      return { wechat: refuse(ctx, "WECHAT_TOKEN", "is needed with WECHAT_APPID") };
    if (e.WECHAT_APPID === undefined)
      return { wechat: refuse(ctx, "WECHAT_APPID", "is needed with WECHAT_TOKEN") };
    return {
      /** The 公众号 whose messages /wechat/mp takes; null: not set up. */
      wechat: {
        token: e.WECHAT_TOKEN,
        appId: e.WECHAT_APPID,
        appSecret: e.WECHAT_APPSECRET ?? null,
        /** AES-256 key of 安全模式: base64 of EncodingAESKey + "=" (32 bytes). */
        aesKey: e.WECHAT_AES_KEY ? Buffer.from(`${e.WECHAT_AES_KEY}=`, "base64") : null,
        apiBase: e.WECHAT_API_BASE,
        ...LIMITS.wechat,
      },
      /** The bot whose chats are long-polled; null: not set up. */
      telegram,
    };
  },
);

/** Every section, in the order docs/configuration.md shows them. */
export const SECTIONS = [server, proxy, accounts, usage, ai, storage, secrets, messaging];

/** The knobs no section builds: they keep their place in Config, their value from limits.ts. */
const knobs = () => ({
  sessionMaxAgeMs: LIMITS.sessionMaxAgeMs,
  trashDays: LIMITS.trashDays,
  messaging: { ...LIMITS.messaging },
  exportStallTimeoutMs: LIMITS.exportStallTimeoutMs,
  exportMaxDurationMs: LIMITS.exportMaxDurationMs,
  passwordResetTtlMs: LIMITS.passwordResetTtlMs,
  import: { ...LIMITS.import },
  events: { ...LIMITS.events },
  mcp: { ...LIMITS.mcp },
});

type Slice<S extends { schema: z.ZodType }> = z.output<S["schema"]>;
export type Config = Slice<typeof server> &
  Slice<typeof proxy> &
  Slice<typeof accounts> &
  Slice<typeof usage> &
  Slice<typeof ai> &
  Slice<typeof storage> &
  Slice<typeof secrets> &
  Slice<typeof messaging> &
  ReturnType<typeof knobs>;

export type HttpLimits = Config["http"];
export type AiConfig = NonNullable<Config["ai"]>;
export type TranscribeConfig = NonNullable<Config["transcribe"]>;
export type EmbeddingConfig = NonNullable<Config["embedding"]>;
/** Items are ideas + notes (trashed ones too); bytes the UTF-8 bytes stored (migration 013). */
export type Quota = Config["quota"];
export type AttachmentLimits = Config["attachments"];
export type S3Settings = NonNullable<AttachmentLimits["s3"]>;
export type WebdavConfig = Config["webdav"];
export type WebhookConfig = Config["webhooks"];
export type PushConfig = Config["push"];
export type WechatConfig = NonNullable<Config["wechat"]>;
export type TelegramConfig = NonNullable<Config["telegram"]>;
export type ImportLimits = Config["import"];

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Variables earlier versions read, now values in limits.ts: named so an operator who set one knows. */
export const RETIRED = [
  "SESSION_MAX_AGE",
  "TRASH_DAYS",
  "PASSWORD_RESET_TTL",
  "SEARCHES_PER_USER",
  "RATE_WEBDAV_TESTS",
  "EXPORT_STALL_TIMEOUT",
  "EXPORT_MAX_DURATION",
  "HTTP_HEADERS_TIMEOUT",
  "HTTP_REQUEST_TIMEOUT",
  "UPLOAD_MIN_RATE",
  "UPLOAD_RATE_WINDOW",
  "UPLOAD_MAX_DURATION",
  "AI_TIMEOUT",
  "AI_TRANSCRIBE_TIMEOUT",
  "AI_MAX_RETRIES",
  "AI_CONTEXT_TOKENS",
  "AI_MAX_TOKENS_CHAT",
  "AI_MAX_TOKENS_TIDY",
  "AI_MAX_TOKENS_COMPOSE",
  "POINTS_CHAT_REPLY",
  "POINTS_TIDY_IDEA",
  "POINTS_COMPOSE_NOTE",
  "POINTS_TRANSCRIBE",
  "POINTS_EMBED",
  "ATTACHMENT_MAX_BYTES",
  "ATTACHMENT_URL_TTL",
  "ATTACHMENT_GRACE",
  "IMPORT_MAX_BYTES",
  "IMPORT_MAX_ENTRIES",
  "IMPORT_MAX_EXPANDED_BYTES",
  "IMPORT_MAX_RATIO",
  "IMPORT_MAX_RECORDS",
  "IMPORT_LEASE",
  "IMPORT_READ_FACTOR",
  "IMPORT_MAX_JOBS",
  "IMPORT_JOB_TIMEOUT",
  "IMPORT_BATCH_TIMEOUT",
  "IMPORT_PREVIEW_TIMEOUT",
  "WEBDAV_STALL_TIMEOUT",
  "WEBDAV_PARALLEL_UPLOADS",
];

/** The retired variables this environment still sets: the start-up warns, they change nothing. */
export const retiredSettingsSet = (env: NodeJS.ProcessEnv = process.env): string[] =>
  RETIRED.filter((name) => env[name] !== undefined);

/** Validates the environment once at start; a bad value stops the process with a message naming it. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const slices: object[] = [];
  const problems: string[] = [];
  for (const { schema } of SECTIONS) {
    const result = schema.safeParse(source);
    if (result.success) slices.push(result.data);
    for (const issue of result.error?.issues ?? []) {
      const key = String(issue.path[0]);
      problems.push(`  ${key}: ${issue.message} (got ${JSON.stringify(source[key])})`);
    }
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  // every slice a fresh object: a test that changes its Config's limits changes no other Config
  return Object.assign({}, ...slices, knobs()) as Config;
}
