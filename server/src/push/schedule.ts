import { createHash } from "node:crypto";
import type { FeedItem } from "@shinian/contract";
import { markdownToPlain } from "@shinian/contract/plain-text";
import type { AppDeps } from "../context.ts";
import { ApiError } from "../errors.ts";
import { getInsight } from "../insights/insights.store.ts";
import { onThisDay, reviewToday } from "../review/review.ts";
import { beijingDay, beijingTime } from "../shared/beijing-time.ts";
import { sendToChannel, siteOf } from "./channels.ts";
import type { PushEntry, PushMessage } from "./message.ts";
import {
  claimDelivery,
  type DeliveryClaim,
  dueDigests,
  dueReviews,
  listChannelRows,
  recordSentTo,
  settleDelivery,
} from "./push.store.ts";

const BATCH = 20;
/** An entry's excerpt, in characters; 那年今日 shows at most this many items. */
const EXCERPT_CHARS = 60;
const ON_THIS_DAY_AT_MOST = 3;

const LINK = /\[\[(?:idea|note):[0-9a-f-]{36}\]\]/g;

/**
 * One review item as a line: a short excerpt. An idea marked 不让AI读取 is pushed by its title
 * only, never its words: a group robot is a place others may read.
 */
export function entryOf(site: string, item: FeedItem): PushEntry {
  const url = `${site}/${item.type}s/${item.id}`;
  const ref = { type: item.type, id: item.id };
  if (item.type === "idea") {
    if (item.aiExcluded) return { text: item.title.trim() || "一条想法（内容不推送）", url, ref };
    const words = markdownToPlain(item.content.replace(LINK, "（链接）"), EXCERPT_CHARS);
    return { text: item.title.trim() ? `${item.title.trim()}：${words}` : words, url, ref };
  }
  const words = markdownToPlain(item.preview.replace(LINK, "（链接）"), EXCERPT_CHARS);
  return { text: words ? `${item.title}：${words}` : item.title, url, ref };
}

/**
 * The day's 每日回顾 (the review wing's own set for `day`) and 那年今日, or null when both are empty.
 * `day` is the Beijing day the sweep claimed, read once per run: a run crossing midnight still
 * pushes the day it claimed.
 */
export async function reviewMessage(deps: AppDeps, userId: string, day: string): Promise<PushMessage | null> {
  const site = siteOf(deps);
  const [today, earlier] = await Promise.all([reviewToday(deps, userId, day), onThisDay(deps, userId, day)]);
  const years = earlier.unit === "year" ? earlier.items.slice(0, ON_THIS_DAY_AT_MOST) : [];
  if (today.items.length === 0 && years.length === 0) return null;
  const [, m, d] = today.date.split("-").map(Number);
  return {
    type: "push.review",
    day: today.date,
    title: `每日回顾 · ${m}月${d}日`,
    intro: today.items.length ? `今天有 ${today.items.length} 条记录等你回顾。` : null,
    blocks: [
      ...(today.items.length ? [{ heading: null, entries: today.items.map((i) => entryOf(site, i)) }] : []),
      ...(years.length ? [{ heading: "那年今日", entries: years.map((i) => entryOf(site, i)) }] : []),
    ],
    url: `${site}/review`,
  };
}

/** A 周报/月报: its title, its opening (counted by us, never by the model) and a link. */
export async function digestMessage(deps: AppDeps, userId: string, insightId: string): Promise<PushMessage> {
  const site = siteOf(deps);
  const insight = await getInsight(deps.db, userId, insightId);
  const opening = insight.body.split(/\n\s*\n/)[0]?.trim() ?? "";
  return {
    type: "push.digest",
    title: insight.title,
    intro: opening ? markdownToPlain(opening, 200) : null,
    blocks: [],
    url: `${site}/insights/${insightId}`,
  };
}

/**
 * A webhook's `webhook-id` for one scheduled push to one channel: the same on every try (a retry,
 * a process taking over), so that a receiver deduplicates it as Standard Webhooks asks.
 */
export const scheduledMsgId = (c: Pick<DeliveryClaim, "userId" | "kind" | "key">, channelId: string) =>
  `msg_${createHash("sha256").update(`${c.userId}|${c.kind}|${c.key}|${channelId}`).digest("base64url").slice(0, 32)}`;

/**
 * Sends a claimed push to the person's channels switched on and not reached yet. Each channel
 * reached is written to the delivery at once (recordSentTo), so that a process that dies midway
 * leaves no channel to be sent to twice. All reached: sent. One failing: tried again after the
 * next wait of push.retryDelaysMs, to the rest only; past the last wait, given up. Only that last
 * try's failure counts toward switching a channel off (one a delivery at most), and only a real
 * refusal (sendToChannel). A channel switched off meanwhile is left out.
 */
async function deliver(deps: AppDeps, claim: DeliveryClaim, message: PushMessage | null): Promise<void> {
  if (!message) {
    await settleDelivery(deps.db, claim, { state: "skipped", sentTo: [], error: null });
    return;
  }
  const delays = deps.config.push.retryDelaysMs;
  const last = claim.attempts > delays.length;
  const reached = new Set(claim.sentTo);
  const channels = (await listChannelRows(deps.db, claim.userId, true)).filter((c) => !reached.has(c.id));
  const errors: string[] = [];
  for (const channel of channels) {
    if (deps.work.signal.aborted) return; // left claimed: taken over once stale
    const sent = await sendToChannel(deps, channel, message, {
      test: false,
      counts: last,
      msgId: scheduledMsgId(claim, channel.id),
      timeoutMs: Math.min(deps.config.push.scheduledTimeoutMs, deps.config.push.timeoutMs),
    });
    if ("aborted" in sent) return;
    if (sent.ok) {
      reached.add(channel.id);
      if (!(await recordSentTo(deps.db, claim, channel.id))) return; // taken over meanwhile
    } else errors.push("limited" in sent ? `${channel.kind}：发送太频繁` : `${channel.kind}：${sent.error}`);
  }
  const sentTo = [...reached];
  if (!errors.length) {
    await settleDelivery(deps.db, claim, { state: "sent", sentTo, error: null });
  } else if (!last) {
    const retryInMs = delays[claim.attempts - 1]!;
    await settleDelivery(deps.db, claim, { state: "retry", sentTo, error: errors.join("；"), retryInMs });
  } else {
    await settleDelivery(deps.db, claim, { state: "failed", sentTo, error: errors.join("；") });
  }
}

/**
 * One push, from claim to settle, in one try: a failure building the message (the digest's
 * insight deleted meanwhile) or sending it settles the delivery as failed, never leaves the
 * claim held, and never stops the sweep. False when another process had it.
 */
export async function claimAndDeliver(
  deps: AppDeps,
  userId: string,
  kind: "review" | "digest",
  key: string,
  build: () => Promise<PushMessage | null>,
): Promise<boolean> {
  let claim: DeliveryClaim | null = null;
  try {
    claim = await claimDelivery(deps.db, userId, kind, key, deps.config.push.staleClaimMs);
    if (!claim) return false;
    await deliver(deps, claim, await build());
  } catch (err) {
    deps.logger.warn(`${kind} push failed`, { err });
    if (claim) {
      const error = err instanceof ApiError ? err.message : "推送失败";
      // the channels reached before it failed stay as recorded
      await settleDelivery(deps.db, claim, { state: "failed", sentTo: null, error }).catch(() => {});
    }
  }
  return claim !== null;
}

/** `fn` over `items`, at most `n` at once. */
async function inParallel<T>(items: T[], n: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

const running = new WeakSet<AppDeps["work"]>();

/**
 * The pushes due now, each claimed by one process (push_deliveries' key): today's 每日回顾 of
 * everyone whose time (Beijing) has come, and 周报/月报 made lately, push.sweepParallel people at a
 * time. Only today's review is ever claimed, so a day the server was down is never sent
 * afterwards, and a day's is sent once.
 */
export async function runDuePushes(deps: AppDeps): Promise<{ reviews: number; digests: number }> {
  const done = { reviews: 0, digests: 0 };
  if (!deps.config.push.key || running.has(deps.work)) return done;
  running.add(deps.work);
  try {
    const limits = deps.config.push;
    const now = deps.clock();
    const day = beijingDay(now);
    const clock = beijingTime(now).slice(11, 16);
    for (;;) {
      const due = await dueReviews(deps.db, {
        day,
        clock,
        staleMs: limits.staleClaimMs,
        limit: BATCH,
        lateMs: limits.reviewLateMs,
      });
      let claimed = 0;
      await inParallel(due, limits.sweepParallel, async (userId) => {
        if (deps.work.signal.aborted) return;
        if (!(await claimAndDeliver(deps, userId, "review", day, () => reviewMessage(deps, userId, day))))
          return; // another process has it
        claimed++;
        done.reviews++;
      });
      if (deps.work.signal.aborted) return done;
      if (due.length < BATCH || claimed === 0) break;
    }
    for (;;) {
      const due = await dueDigests(deps.db, {
        withinMs: limits.digestWithinMs,
        staleMs: limits.staleClaimMs,
        limit: BATCH,
      });
      let claimed = 0;
      await inParallel(due, limits.sweepParallel, async (d) => {
        if (deps.work.signal.aborted) return;
        const build = () => digestMessage(deps, d.userId, d.insightId);
        if (!(await claimAndDeliver(deps, d.userId, "digest", d.period, build))) return;
        claimed++;
        done.digests++;
      });
      if (deps.work.signal.aborted) return done;
      if (due.length < BATCH || claimed === 0) break;
    }
    return done;
  } finally {
    running.delete(deps.work);
  }
}
