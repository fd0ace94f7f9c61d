import { hkdfSync } from "node:crypto";
import path from "node:path";
import { TRASH_DAYS_DEFAULT } from "@shinian/contract/constants";
import { z } from "zod";
import { parseTrustProxy, type TrustedProxies } from "./lib/client-address.ts";

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
const int = (def: number, min = 0, max = 1_000_000) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(min).max(max).default(def));

const duration = (def: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default(def)
      .transform((v, ctx) => {
        const ms = parseDuration(v);
        if (ms === null) {
          ctx.addIssue({ code: "custom", message: 'must be a duration like "1h", "30m", "90s" or "0"' });
          return z.NEVER;
        }
        return ms;
      }),
  );

/** A supervisor's timer: more than 0 and at most a day (setTimeout overflows past 2^31 - 1 ms, ~24.8 days). */
const importTimeout = (def: string) =>
  duration(def).refine((ms) => ms > 0 && ms <= 86_400_000, {
    message: "must be more than 0 and at most 24h",
  });

/** "burst/perMinute" (e.g. "120/30": 120 at once, then 30 a minute) or "0" for none. */
const writeLimit = (def: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default(def)
      .transform((v, ctx) => {
        if (v.trim() === "0") return null;
        const match = /^(\d+)\/(\d+)$/.exec(v.trim());
        if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
          ctx.addIssue({
            code: "custom",
            message: 'must be "burst/perMinute" like "120/30", or "0" for no limit',
          });
          return z.NEVER;
        }
        return { burst: Number(match[1]), perMinute: Number(match[2]) };
      }),
  );

const byteSize = (def: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default(def)
      .transform((v, ctx) => {
        const bytes = parseByteSize(v);
        if (bytes === null) {
          ctx.addIssue({
            code: "custom",
            message: 'must be a size like "1GiB", "500MB", "200000" (bytes), or "0" for no limit',
          });
          return z.NEVER;
        }
        return bytes;
      }),
  );

const optionalText = z.preprocess(emptyAsUndefined, z.string().optional());

const EnvSchema = z.object({
  PORT: int(8787, 0, 65535),
  HOST: z.preprocess(emptyAsUndefined, z.string().default("0.0.0.0")),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default("./data")),
  APP_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().default("./app/dist")),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: "must be a postgres:// or postgresql:// URL" })
      .optional(),
  ),
  EXPORT_COOLDOWN: duration("1h"),
  TRASH_DAYS: int(TRASH_DAYS_DEFAULT, 1, 3650),
  SESSION_MAX_AGE: duration("180d").refine((ms) => ms >= 3_600_000, { message: "must be at least 1h" }),
  EXPORT_STALL_TIMEOUT: duration("30s"),
  EXPORT_MAX_DURATION: duration("10m"),
  HTTP_HEADERS_TIMEOUT: duration("20s"),
  HTTP_REQUEST_TIMEOUT: duration("60s"),
  HTTP_KEEP_ALIVE_TIMEOUT: duration("5s"),
  UPLOAD_MIN_RATE: byteSize("4KiB"),
  UPLOAD_RATE_WINDOW: duration("60s"),
  UPLOAD_MAX_DURATION: duration("1h"),
  CONNECTIONS_PER_IP: int(128, 0, 1_000_000),
  AI_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^https?:\/\//, { message: "must be an http:// or https:// URL" })
      .refine(isSafeAiBaseUrl, {
        message:
          "must be https:// (the API key and every question would cross the network in clear), or http:// to a loopback address",
      })
      .optional(),
  ),
  AI_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  AI_EMBEDDING_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^https?:\/\//, { message: "must be an http:// or https:// URL" })
      .refine(isSafeAiBaseUrl, {
        message:
          "must be https:// (the API key and every question would cross the network in clear), or http:// to a loopback address",
      })
      .optional(),
  ),
  AI_EMBEDDING_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  AI_EMBEDDING_MODEL: z.preprocess(emptyAsUndefined, z.string().optional()),
  // Texts per call: DashScope's text-embedding-v3 takes at most 10.
  AI_EMBEDDING_BATCH: int(10, 1, 256),
  // Cosine similarity a meaning-only hit needs; depends on the model (README).
  AI_EMBEDDING_MIN_SIMILARITY: z.preprocess(emptyAsUndefined, z.coerce.number().min(-1).max(1).default(0.5)),
  AI_MODEL: z.preprocess(emptyAsUndefined, z.string().default("gpt-4o-mini")),
  AI_TIMEOUT: duration("60s"),
  AI_TRANSCRIBE_MODEL: z.preprocess(emptyAsUndefined, z.string().optional()),
  AI_TRANSCRIBE_TIMEOUT: duration("120s"),
  AI_MAX_RETRIES: int(2, 0, 5),
  AI_VISION: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).default("false")),
  AI_CONTEXT_TOKENS: int(3000, 200, 100_000),
  AI_TIDY_GRACE: duration("30s"),
  AI_MAX_TOKENS_CHAT: int(1500, 16, 100_000),
  AI_MAX_TOKENS_TIDY: int(4000, 16, 100_000),
  AI_MAX_TOKENS_COMPOSE: int(4000, 16, 100_000),
  POINTS_REGISTER_BONUS: int(100),
  POINTS_CHAT_REPLY: int(2),
  POINTS_TIDY_IDEA: int(1),
  POINTS_COMPOSE_NOTE: int(5),
  POINTS_EMBED: int(0),
  POINTS_TRANSCRIBE: int(1),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  ),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if ("error" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  REGISTER_PER_IP_PER_HOUR: int(20, 1),
  REGISTRATION: z.preprocess(
    (v) => (typeof v === "string" ? emptyAsUndefined(v.trim().toLowerCase()) : v),
    z.enum(["open", "invite", "closed"]).default("open"),
  ),
  // Shown on the login page under 忘记密码？请联系本站管理员 (a WeChat id, an email …).
  ADMIN_CONTACT: z.preprocess(emptyAsUndefined, z.string().trim().max(100).optional()),
  PASSWORD_RESET_TTL: duration("1h").refine((ms) => ms >= 60_000 && ms <= 7 * 86_400_000, {
    message: "must be between 1m and 7d",
  }),
  // The address people open the app at; the start of the links the operator commands print.
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^https?:\/\/[^/?#\s]+/, {
        message: "must be the site's address, like https://shinian.example.cn",
      })
      .optional(),
  ),
  RATE_CAPTURES: writeLimit("120/30"),
  RATE_NOTES: writeLimit("60/20"),
  RATE_CHAT: writeLimit("30/10"),
  RATE_UPLOADS: writeLimit("20/5"),
  // 测试连接 makes this server connect where it is told: few, or it probes ports for whoever asks
  RATE_WEBDAV_TESTS: writeLimit("6/1"),
  SEARCHES_PER_USER: int(2, 0, 64),
  QUOTA_ITEMS: int(100_000, 0, 1_000_000_000),
  QUOTA_BYTES: byteSize("1GiB"),
  ATTACHMENT_MAX_BYTES: byteSize("10MiB").refine((b) => b >= 1024, { message: "must be at least 1KiB" }),
  ATTACHMENT_URL_TTL: duration("1h").refine((ms) => ms >= 1000 && ms <= 7 * 86_400_000, {
    message: "must be between 1s and 7d",
  }),
  ATTACHMENT_GRACE: duration("24h").refine((ms) => ms >= 3_600_000, { message: "must be at least 1h" }),
  // An S3-compatible bucket for attachments; unset: they stay in PostgreSQL.
  S3_BUCKET: optionalText,
  S3_ENDPOINT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^https?:\/\//, { message: "must be an http:// or https:// URL" })
      .optional(),
  ),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default("us-east-1")),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).default("false")),
  IMPORT_MAX_BYTES: byteSize("200MiB"),
  IMPORT_MAX_ENTRIES: int(50_000, 1, 10_000_000),
  IMPORT_MAX_EXPANDED_BYTES: byteSize("2GiB"),
  IMPORT_MAX_RATIO: int(200, 2, 100_000),
  IMPORT_MAX_RECORDS: int(200_000, 1, 10_000_000),
  IMPORT_LEASE: duration("30s").refine((ms) => ms >= 1000 && ms <= 86_400_000, {
    message: "must be at least 1s and at most 24h",
  }),
  IMPORT_READ_FACTOR: int(4, 2, 100),
  IMPORT_MAX_JOBS: int(2, 1, 64),
  IMPORT_JOB_TIMEOUT: importTimeout("1h"),
  IMPORT_BATCH_TIMEOUT: importTimeout("2m"),
  IMPORT_PREVIEW_TIMEOUT: importTimeout("2m"),
  // WebDAV app passwords are encrypted with a key derived from this; unset: no WebDAV backup.
  WEBDAV_SECRET_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .min(32, { message: "must be at least 32 characters (e.g. openssl rand -base64 32)" })
      .optional(),
  ),
  // The key before the last rotation: what it sealed still opens, and is sealed again under the new one.
  WEBDAV_SECRET_KEY_PREVIOUS: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  WEBDAV_ALLOW_LOCAL: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).default("false")),
  // An upload whose server took nothing for this long is cut off (a slow reader would hold its slot).
  WEBDAV_STALL_TIMEOUT: duration("60s"),
  // Each upload holds a pooled connection (of 10) and a snapshot while it streams: at most 4.
  WEBDAV_PARALLEL_UPLOADS: int(2, 1, 4),
  // log2 of scrypt's N; 15 = 32 MiB per hash. Lower only for tests.
  PASSWORD_HASH_COST: int(15, 10, 20),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** The built SPA served on non-/api paths. */
  appDistDir: string;
  databaseUrl: string | undefined;
  exportCooldownMs: number;
  /** A session ends this long after sign-in however often it is used (its 30-day expiry slides within it). */
  sessionMaxAgeMs: number;
  /** Days a deleted idea or note stays in 回收站 before it is deleted for good. */
  trashDays: number;
  /** An export whose client reads nothing for this long is cut off (its cooldown given back). */
  exportStallTimeoutMs: number;
  /** An export still streaming after this long is cut off. */
  exportMaxDurationMs: number;
  http: HttpLimits;
  /** null: no provider configured, the offline assistant answers (本地模式). */
  ai: AiConfig | null;
  aiContextTokens: number;
  /** null: AI_EMBEDDING_MODEL unset, no finding by meaning (search is by keywords only). */
  embedding: EmbeddingConfig | null;
  /** null: AI_TRANSCRIBE_MODEL unset, recordings are kept as audio only. */
  transcribe: TranscribeConfig | null;
  /** 自动整理 starts this long after capture: time to mark the idea 不让AI读取 or delete it. */
  aiTidyGraceMs: number;
  points: {
    registerBonus: number;
    costs: { chatReply: number; tidyIdea: number; composeNote: number; transcribe: number };
    /** Per item embedded (POINTS_EMBED); a search's own query is not charged. */
    embedItem: number;
  };
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** Whose X-Forwarded-For entries name the client (TRUST_PROXY). */
  trustProxy: TrustedProxies;
  /** Registrations one client IP may make per hour (each new account brings AI points). */
  registerPerIpPerHour: number;
  /** Who may register: anyone, holders of an invite code (`npm run invite:create`), nobody. */
  registration: "open" | "invite" | "closed";
  /** Whom the login page names for a forgotten password; null: 本站管理员 only. */
  adminContact: string | null;
  /** How long a link of `npm run account:reset-password` works. */
  passwordResetTtlMs: number;
  /** The site's address without a trailing slash (PUBLIC_URL); null: http://localhost:PORT. */
  publicUrl: string | null;
  /** Per-user write buckets; null: no limit (services/write-limits.ts). */
  writeLimits: Record<
    "captures" | "notes" | "chat" | "uploads" | "webdavTests",
    { burst: number; perMinute: number } | null
  >;
  /** Searches of one account running at once in a process (routes/search.ts); 0: no limit. */
  searchesPerUser: number;
  /** What one account may store (services/quotas.ts); null: no limit. */
  quota: Quota;
  passwordHashCost: number;
  webdav: WebdavConfig;
  import: ImportLimits;
  attachments: AttachmentLimits;
};

/** Images on ideas and notes (services/attachments). */
export type AttachmentLimits = {
  /** One uploaded image (ATTACHMENT_MAX_BYTES): 413 past it. */
  maxBytes: number;
  /** How long a signed file URL works (ATTACHMENT_URL_TTL). */
  urlTtlMs: number;
  /** An upload attached to nothing this long is deleted by the sweep (ATTACHMENT_GRACE). */
  graceMs: number;
  /** The S3-compatible bucket files go to (S3_*); null: PostgreSQL holds them. */
  s3: S3Settings | null;
};

export type S3Settings = {
  bucket: string;
  /** Any S3-compatible service's address; unset: AWS's own for the region. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO, s3rver). */
  forcePathStyle: boolean;
};

const webdavKey = (secret: string) =>
  Buffer.from(hkdfSync("sha256", secret, "", "shinian webdav password", 32));

export type WebdavConfig = {
  /** The AES-256 key of stored WebDAV passwords (from WEBDAV_SECRET_KEY); null: the feature is off. */
  key: Buffer | null;
  /** Rotated-out keys (WEBDAV_SECRET_KEY_PREVIOUS): they only open, never seal. */
  previousKeys: Buffer[];
  /** An upload the server stops taking bytes of for this long fails (WEBDAV_STALL_TIMEOUT). */
  stallMs: number;
  /** Uploads one process runs at once (WEBDAV_PARALLEL_UPLOADS), each within its own time budget. */
  parallelUploads: number;
  /** Also plain http:// and addresses on this machine or its network (a home Nextcloud, tests). */
  allowLocal: boolean;
};

/** 导入数据 (services/import): what one upload may be, and how long a job's lease lasts. */
export type ImportLimits = {
  /** The uploaded bytes (IMPORT_MAX_BYTES): 413 past it. */
  maxBytes: number;
  /** A zip's entries, their expanded bytes in all, and one entry's expanded-to-compressed ratio. */
  maxEntries: number;
  maxExpandedBytes: number;
  maxRatio: number;
  /** The records one upload may hold (IMPORT_MAX_RECORDS): what a preview keeps per record stays bounded. */
  maxRecords: number;
  /** A running job's process renews this; once it expires, any process resumes the job. */
  leaseMs: number;
  /** A preview or job opens at most this many times the upload's size of its entries (IMPORT_READ_FACTOR). */
  readFactor: number;
  /** Jobs running at once in one process (IMPORT_MAX_JOBS); the rest wait queued. */
  maxJobs: number;
  /**
   * Time budgets, enforced from outside the import's thread: a job's whole run, each of its
   * batches (reading and writing), and a preview's reading after the upload arrived.
   */
  jobMs: number;
  batchMs: number;
  previewMs: number;
};

/** Items are ideas + notes (trashed ones too); bytes the UTF-8 bytes stored (migration 013). */
export type Quota = { items: number | null; bytes: number | null };

/** What Node's HTTP server allows one connection and one client address. */
export type HttpLimits = {
  /** Until the request's headers are in (slow-header clients). */
  headersTimeoutMs: number;
  /** Until the whole request, body included, is in; answers stream for as long as they need. */
  requestTimeoutMs: number;
  /** How long an idle kept-alive connection stays open between requests. */
  keepAliveTimeoutMs: number;
  /** Open connections per client address (an IPv6 client by its /64); 0 = no cap. */
  connectionsPerIp: number;
  /**
   * A file upload's body (导入数据, an image), which may outlast the request timeout: at least this
   * many bytes a second over the last uploadRateWindowMs once it is that old (UPLOAD_MIN_RATE,
   * UPLOAD_RATE_WINDOW; 0: any), and done within UPLOAD_MAX_DURATION (0: no longest time).
   */
  uploadMinBytesPerSecond: number;
  uploadRateWindowMs: number;
  uploadMaxDurationMs: number;
};

export type AiConfig = {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** Until the first token, and then between two chunks. */
  timeoutMs: number;
  maxRetries: number;
  /** The `max_tokens` of each kind of call: what one answer may cost at most. */
  maxTokens: { chat: number; tidy: number; compose: number };
  /** AI_VISION: the model reads images, so tidy sends an idea's thumbnails with its text. */
  vision: boolean;
};

/** The OpenAI-compatible transcription endpoint (POST {baseUrl}/audio/transcriptions), on the chat provider. */
export type TranscribeConfig = {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** The whole call: a long recording takes a while to be heard. */
  timeoutMs: number;
  maxRetries: number;
};

/** The OpenAI-compatible embeddings endpoint (POST {baseUrl}/embeddings), apart from chat's. */
export type EmbeddingConfig = {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  /** Cosine similarity below which a vector match is not shown. */
  minSimilarity: number;
  /** Texts per call (AI_EMBEDDING_BATCH). */
  batch: number;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

// Node refuses a headers timeout longer than the request timeout, and 0 would turn the
// slow-header defence off: both are start-up errors here, named, rather than Node's own.
function checkHttpTimeouts(headersMs: number, requestMs: number) {
  const problems: string[] = [];
  if (headersMs < 1) problems.push("HTTP_HEADERS_TIMEOUT: must be longer than 0");
  if (requestMs > 0 && headersMs > requestMs) {
    problems.push("HTTP_HEADERS_TIMEOUT: must not be longer than HTTP_REQUEST_TIMEOUT");
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
}

/** Validates the environment once at start; a bad value stops the process with a message naming it. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join(".")}: ${i.message} (got ${JSON.stringify(source[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  checkHttpTimeouts(e.HTTP_HEADERS_TIMEOUT, e.HTTP_REQUEST_TIMEOUT);
  if (e.EXPORT_STALL_TIMEOUT < 1 || e.EXPORT_MAX_DURATION < 1) {
    throw new ConfigError(
      "Invalid configuration:\n  EXPORT_STALL_TIMEOUT, EXPORT_MAX_DURATION: must be longer than 0",
    );
  }
  // With no provider named, embeddings would go to OpenAI without a key while the app says 本地模式.
  if (
    e.AI_EMBEDDING_MODEL &&
    !(e.AI_EMBEDDING_BASE_URL || e.AI_BASE_URL || e.AI_EMBEDDING_API_KEY || e.AI_API_KEY)
  ) {
    throw new ConfigError(
      "Invalid configuration:\n  AI_EMBEDDING_MODEL: set, but no provider to send the texts to: set AI_EMBEDDING_BASE_URL (and AI_EMBEDDING_API_KEY if it needs one), or unset AI_EMBEDDING_MODEL",
    );
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_BUCKET: unset, but other S3_* settings are set: set S3_BUCKET to keep files in that bucket, or unset them all to keep files in PostgreSQL",
    );
  }
  if (e.S3_BUCKET && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_BUCKET: set, but S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are not: set both, or unset S3_BUCKET to keep files in PostgreSQL",
    );
  }
  if (e.AI_TRANSCRIBE_MODEL && !(e.AI_BASE_URL || e.AI_API_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  AI_TRANSCRIBE_MODEL: set, but no provider to send recordings to: set AI_BASE_URL (and AI_API_KEY if it needs one), or unset AI_TRANSCRIBE_MODEL",
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    appDistDir: path.resolve(e.APP_DIST_DIR),
    databaseUrl: e.DATABASE_URL,
    exportCooldownMs: e.EXPORT_COOLDOWN,
    sessionMaxAgeMs: e.SESSION_MAX_AGE,
    trashDays: e.TRASH_DAYS,
    exportStallTimeoutMs: e.EXPORT_STALL_TIMEOUT,
    exportMaxDurationMs: e.EXPORT_MAX_DURATION,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT,
      connectionsPerIp: e.CONNECTIONS_PER_IP,
      uploadMinBytesPerSecond: e.UPLOAD_MIN_RATE,
      uploadRateWindowMs: e.UPLOAD_RATE_WINDOW,
      uploadMaxDurationMs: e.UPLOAD_MAX_DURATION,
    },
    // Either setting switches the provider on: Ollama needs a base URL but no key.
    ai:
      e.AI_BASE_URL || e.AI_API_KEY
        ? {
            baseUrl: e.AI_BASE_URL ?? "https://api.openai.com/v1",
            apiKey: e.AI_API_KEY,
            model: e.AI_MODEL,
            timeoutMs: e.AI_TIMEOUT,
            maxRetries: e.AI_MAX_RETRIES,
            vision: e.AI_VISION === "true",
            maxTokens: {
              chat: e.AI_MAX_TOKENS_CHAT,
              tidy: e.AI_MAX_TOKENS_TIDY,
              compose: e.AI_MAX_TOKENS_COMPOSE,
            },
          }
        : null,
    aiContextTokens: e.AI_CONTEXT_TOKENS,
    embedding: e.AI_EMBEDDING_MODEL
      ? {
          baseUrl: e.AI_EMBEDDING_BASE_URL ?? e.AI_BASE_URL ?? "https://api.openai.com/v1",
          apiKey: e.AI_EMBEDDING_API_KEY ?? e.AI_API_KEY,
          model: e.AI_EMBEDDING_MODEL,
          timeoutMs: e.AI_TIMEOUT,
          maxRetries: e.AI_MAX_RETRIES,
          minSimilarity: e.AI_EMBEDDING_MIN_SIMILARITY,
          batch: e.AI_EMBEDDING_BATCH,
        }
      : null,
    transcribe:
      e.AI_TRANSCRIBE_MODEL && (e.AI_BASE_URL || e.AI_API_KEY)
        ? {
            baseUrl: e.AI_BASE_URL ?? "https://api.openai.com/v1",
            apiKey: e.AI_API_KEY,
            model: e.AI_TRANSCRIBE_MODEL,
            timeoutMs: e.AI_TRANSCRIBE_TIMEOUT,
            maxRetries: e.AI_MAX_RETRIES,
          }
        : null,
    aiTidyGraceMs: e.AI_TIDY_GRACE,
    points: {
      registerBonus: e.POINTS_REGISTER_BONUS,
      costs: {
        chatReply: e.POINTS_CHAT_REPLY,
        tidyIdea: e.POINTS_TIDY_IDEA,
        composeNote: e.POINTS_COMPOSE_NOTE,
        transcribe: e.POINTS_TRANSCRIBE,
      },
      embedItem: e.POINTS_EMBED,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    registerPerIpPerHour: e.REGISTER_PER_IP_PER_HOUR,
    registration: e.REGISTRATION,
    adminContact: e.ADMIN_CONTACT ?? null,
    passwordResetTtlMs: e.PASSWORD_RESET_TTL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, "") ?? null,
    writeLimits: {
      captures: e.RATE_CAPTURES,
      notes: e.RATE_NOTES,
      chat: e.RATE_CHAT,
      uploads: e.RATE_UPLOADS,
      webdavTests: e.RATE_WEBDAV_TESTS,
    },
    searchesPerUser: e.SEARCHES_PER_USER,
    quota: { items: e.QUOTA_ITEMS || null, bytes: e.QUOTA_BYTES || null },
    passwordHashCost: e.PASSWORD_HASH_COST,
    webdav: {
      // HKDF: any long secret (a passphrase, base64 bytes) becomes a uniform 256-bit key
      key: e.WEBDAV_SECRET_KEY ? webdavKey(e.WEBDAV_SECRET_KEY) : null,
      previousKeys: e.WEBDAV_SECRET_KEY_PREVIOUS ? [webdavKey(e.WEBDAV_SECRET_KEY_PREVIOUS)] : [],
      stallMs: e.WEBDAV_STALL_TIMEOUT,
      parallelUploads: e.WEBDAV_PARALLEL_UPLOADS,
      allowLocal: e.WEBDAV_ALLOW_LOCAL === "true",
    },
    import: {
      maxBytes: e.IMPORT_MAX_BYTES,
      maxEntries: e.IMPORT_MAX_ENTRIES,
      maxExpandedBytes: e.IMPORT_MAX_EXPANDED_BYTES,
      maxRatio: e.IMPORT_MAX_RATIO,
      maxRecords: e.IMPORT_MAX_RECORDS,
      leaseMs: e.IMPORT_LEASE,
      readFactor: e.IMPORT_READ_FACTOR,
      maxJobs: e.IMPORT_MAX_JOBS,
      jobMs: e.IMPORT_JOB_TIMEOUT,
      batchMs: e.IMPORT_BATCH_TIMEOUT,
      previewMs: e.IMPORT_PREVIEW_TIMEOUT,
    },
    attachments: {
      maxBytes: e.ATTACHMENT_MAX_BYTES,
      urlTtlMs: e.ATTACHMENT_URL_TTL,
      graceMs: e.ATTACHMENT_GRACE,
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
          }
        : null,
    },
  };
}
