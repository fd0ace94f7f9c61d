import { TRASH_DAYS_DEFAULT } from "@shinian/contract/constants";
import { WEBHOOKS_MAX } from "@shinian/contract/webhook-events";

/**
 * What an engineer tunes, not an operator: every limit, price and time budget of the server,
 * one named value each. env.ts copies them into `Config`, where the code reads them; tests change
 * them through `deps.config` (server/test/helpers.ts: testConfig's patch). docs/configuration.md
 * lists them; deploy/nginx repeats the HTTP ones, and server/test/nginx-limits.test.ts fails when
 * the two disagree.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

export const LIMITS = {
  /** A session ends this long after sign-in however often it is used (its 30-day expiry slides within it). */
  sessionMaxAgeMs: 180 * DAY,
  /** Days a deleted idea or note stays in 回收站 before it is deleted for good. */
  trashDays: TRASH_DAYS_DEFAULT,
  /** An export whose client reads nothing for this long is cut off (its cooldown given back). */
  exportStallTimeoutMs: 30 * SECOND,
  /** An export still streaming after this long is cut off. */
  exportMaxDurationMs: 10 * MINUTE,
  /** How long a link of `npm run account:reset-password` works. */
  passwordResetTtlMs: HOUR,
  /** Searches of one account running at once in a process (search/search.routes.ts); 0: no limit. */
  searchesPerUser: 2,
  /** 测试连接 makes this server connect where it is told: few, or it probes ports for whoever asks. */
  webdavTestsPerUser: { burst: 6, perMinute: 1 },
  /** Ideas' words sent to 整理成笔记, at most (the rest is cut, fairly). */
  aiContextTokens: 3000,
  http: {
    /** Until the request's headers are in (slow-header clients); must not pass requestTimeoutMs. */
    headersTimeoutMs: 20 * SECOND,
    /** Until the whole request, body included, is in; answers stream for as long as they need. */
    requestTimeoutMs: 60 * SECOND,
    /**
     * A file upload's body (导入数据, an image), which may outlast the request timeout: at least
     * this many bytes a second over the last uploadRateWindowMs once it is that old, and done
     * within uploadMaxDurationMs.
     */
    uploadMinBytesPerSecond: 4 * KiB,
    uploadRateWindowMs: 60 * SECOND,
    uploadMaxDurationMs: HOUR,
  },
  ai: {
    /** Until the first token, and then between two chunks. */
    timeoutMs: 60 * SECOND,
    /** A transcription's whole call: a long recording takes a while to be heard. */
    transcribeTimeoutMs: 120 * SECOND,
    maxRetries: 2,
    /** The `max_tokens` of each kind of call: what one answer may cost at most. */
    maxTokens: { chat: 1500, tidy: 4000, compose: 4000 },
  },
  /** Points each AI call costs; an embedded item costs embedItem (a search's own query nothing). */
  pointCosts: { chatReply: 2, tidyIdea: 1, composeNote: 5, transcribe: 1 },
  embedItemPoints: 0,
  /** Points one 洞察 costs (insights/). */
  insightPoints: 5,
  /** 洞察: what one report reads and writes at most. */
  insights: {
    /** The scope's texts, cut fairly to fit (ai/grounding.ts fitSources). */
    contextTokens: 12_000,
    /** One item's text as read from the database, before the fair cut. */
    itemChars: 4000,
    /** The model's answer. */
    maxTokens: 3000,
  },
  attachments: {
    /** One uploaded image: 413 past it (deploy/nginx allows it plus the envelope). */
    maxBytes: 10 * MiB,
    /** How long a signed file URL works. */
    urlTtlMs: HOUR,
    /** An upload attached to nothing this long is deleted by the sweep. */
    graceMs: 24 * HOUR,
  },
  /** 导入数据 (import): what one upload may be, and how long a job's lease lasts. */
  import: {
    /** The uploaded bytes: 413 past it (deploy/nginx allows it plus the envelope). */
    maxBytes: 200 * MiB,
    /** A zip's entries, their expanded bytes in all, and one entry's expanded-to-compressed ratio. */
    maxEntries: 50_000,
    maxExpandedBytes: 2 * GiB,
    maxRatio: 200,
    /** The records one upload may hold: what a preview keeps per record stays bounded. */
    maxRecords: 200_000,
    /** A running job's process renews this; once it expires, any process resumes the job. */
    leaseMs: 30 * SECOND,
    /** A preview or job opens at most this many times the upload's size of its entries. */
    readFactor: 4,
    /** Jobs running at once in one process; the rest wait queued. */
    maxJobs: 2,
    /**
     * Time budgets, enforced from outside the import's thread (at most a day: setTimeout
     * overflows past ~24.8 days): a job's whole run, each of its batches, a preview's reading.
     */
    jobMs: HOUR,
    batchMs: 2 * MINUTE,
    previewMs: 2 * MINUTE,
  },
  /** The MCP server at /mcp (mcp/): what one request may take and give. */
  mcp: {
    /** One request's whole work, an `ask` included (its answer comes from the AI provider). */
    requestMs: 2 * MINUTE,
    /** Items in one tool's result, at most. */
    maxItems: 50,
    /** An item's excerpt in a result, in characters. */
    excerptChars: 200,
    /** An item's text as get_items gives it, in characters (a note may hold 200,000). */
    contentChars: 20_000,
  },
  webdav: {
    /** An upload whose server took nothing for this long is cut off (a slow reader would hold its slot). */
    stallMs: 60 * SECOND,
    /** Each upload holds a pooled connection (of 10) and a snapshot while it streams: at most 4. */
    parallelUploads: 2,
  },
  webhooks: {
    /** Per account; a sixth is refused. */
    maxPerAccount: WEBHOOKS_MAX,
    /**
     * After a failed attempt, the wait before the next (Standard Webhooks' schedule, about 27 hours
     * in all); when the last fails, the endpoint is switched off with the reason shown.
     */
    retryDelaysMs: [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR],
    /** One attempt, from connecting to the end of the answer, enforced from outside (AbortSignal). */
    attemptTimeoutMs: 10 * SECOND,
    /** The most of an answer read: kept (first 200 characters) only to show why it failed. */
    maxResponseBytes: 4 * 1024,
    /** Attempts in flight at once in one process, and for one account (a slow endpoint waits alone). */
    parallel: 16,
    parallelPerAccount: 2,
    /** Claimed deliveries are not claimed again by another process for this long. */
    leaseMs: 60 * SECOND,
    /** The outbox (item_events) and finished deliveries are kept this long; the last 50 per webhook stay listed. */
    keepEventsMs: DAY,
    keepDeliveries: 50,
    /** Without a NOTIFY (a retry coming due), the worker looks for due deliveries this often. */
    pollMs: 5 * SECOND,
  },
  /** 提醒与推送 (push/): channels per person, and the daily and digest pushes. */
  push: {
    /** Channels per account; the next is refused. */
    maxPerAccount: 10,
    /** One call to a channel, from connecting to the end of its answer, enforced from outside (AbortSignal). */
    timeoutMs: 10 * SECOND,
    /** The most of an answer read (the vendor's error JSON is small); a body past it is cut and read as far as it came. */
    maxResponseBytes: 16 * KiB,
    /** Sends to one channel a minute, across processes (WeCom and DingTalk allow 20; 发送测试消息 counts). */
    perChannelPerMinute: 10,
    /**
     * Counted failures in a row after which a channel is switched off with the reason shown. Counted:
     * a 发送测试消息 refused, and a scheduled push given up (its last try) with a real refusal, one
     * a push at most. Never counted: no answer (network, timeout), 5xx, 429, a vendor's rate limit,
     * our own shutdown.
     */
    maxFailures: 5,
    /** A scheduled send waits this long at most (a sweep of many people must not sit on slow vendors). */
    scheduledTimeoutMs: 5 * SECOND,
    /** People one sweep pushes to at once (each person's channels one after another). */
    sweepParallel: 4,
    /** A scheduled push with a channel failing is tried again after these waits, then given up. */
    retryDelaysMs: [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR],
    /** A claim older than this belongs to a process that died: taken over. */
    staleClaimMs: 5 * MINUTE,
    /**
     * 每日回顾 not pushed this long after its time (the server was down, the channel came later in
     * the day) waits for the next day's: a morning reminder does not arrive at night.
     */
    reviewLateMs: 6 * HOUR,
    /** A 周报/月报 made longer ago than this is not pushed (a channel added later does not get old news). */
    digestWithinMs: 3 * DAY,
    /** Server酱 (SendKey): https://sctapi.ftqq.com/<SendKey>.send; tests point it at a stand-in. */
    serverchanUrl: "https://sctapi.ftqq.com",
  },
  /** The live stream of changes (GET /api/events, events/). */
  events: {
    /** Open streams of one account in one process; the next is refused with 429. */
    streamsPerAccount: 10,
    /** A comment line this often keeps proxies (nginx reads for 5 minutes) and the client sure it lives. */
    heartbeatMs: 25 * SECOND,
    /** A stream is closed after this long; the client reconnects with Last-Event-ID and misses nothing. */
    maxStreamMs: 15 * MINUTE,
    /** A reconnect replays what it missed up to this many events or this age; beyond, `reload`. */
    replayMaxEvents: 1000,
    replayMaxAgeMs: HOUR,
    /** Rows read per query while following the outbox. */
    batch: 200,
    /**
     * Transactions seen in progress are watched this long after they end: their events, committed
     * after later ones were sent, still go out (events/late-commits.ts).
     */
    lateWatchMs: MINUTE,
  },
  /** The 公众号 capture box (messaging/wechat.routes.ts). */
  wechat: {
    /** A message's XML, at most: WeChat's are a few KB (text up to 2048 bytes, then the envelope). */
    maxBodyBytes: 64 * KiB,
    /**
     * WeChat gives up on a try after 5 s and posts the message again: each try waits this long for
     * the reply (the work goes on in the background); without it, the try is not answered at all
     * (WeChat tries again), except the last, which answers "success".
     */
    answerWithinMs: 4_500,
    /** WeChat posts a message this many times at most (the first and its retries): the last try answers "success" when it has nothing else. */
    lastTry: 3,
    /** A try left unanswered is held open at most this long, for WeChat to drop (it does at 5 s). */
    holdMs: 10 * SECOND,
    /** How often a retry looks for the reply saved by whichever process took the message. */
    replyPollMs: 100,
    /**
     * A signed timestamp further than this from now is refused (a replayed old message); within it,
     * each (timestamp, nonce) is remembered with its body (messaging_wechat_nonces).
     */
    maxClockSkewMs: 5 * MINUTE,
    /** An image or recording fetched from the media API, at most. */
    maxMediaBytes: 10 * MiB,
    /** One call to WeChat's API (token or media), from outside. */
    apiTimeoutMs: 20 * SECOND,
    /** An access token is renewed this long before WeChat's expires_in ends. */
    tokenRenewBeforeMs: 5 * MINUTE,
  },
  /** The Telegram bot (messaging/telegram.ts). */
  telegram: {
    /** getUpdates waits this long for a message before answering empty (Telegram's long polling). */
    pollTimeoutS: 25,
    /** After a failed getUpdates, the wait before the next (a 409: another poller or a webhook). */
    retryAfterMs: 5 * SECOND,
    /** A photo or voice file downloaded, at most (the Bot API serves up to 20 MB). */
    maxFileBytes: 10 * MiB,
    /** One call other than getUpdates, from outside. */
    apiTimeoutMs: 20 * SECOND,
    /** How often a process without the poller's lock tries to take it (another process died). */
    lockRetryMs: 30 * SECOND,
  },
  /** Chat bindings (messaging/). */
  messaging: {
    /** Failed `绑定` codes one chat account may send per hour before it is told to wait. */
    bindFailuresPerHour: 5,
    /**
     * Failed `绑定` codes from all chat accounts together per hour: past it every attempt is told to
     * wait (many accounts guessing at once would otherwise try 5 codes each).
     */
    bindFailuresPerHourOverall: 200,
    /** A code is drawn again on a clash with another person's live code at most this often. */
    codeDraws: 5,
  },
};

export type Limits = typeof LIMITS;
