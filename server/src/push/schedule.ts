import type { FeedItem } from "@shinian/contract";
import { markdownToPlain } from "@shinian/contract/plain-text";
import type { AppDeps } from "../context.ts";
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
  if (item.type === "idea") {
    if (item.aiExcluded) return { text: item.title.trim() || "一条想法（内容不推送）", url };
    const words = markdownToPlain(item.content.replace(LINK, "（链接）"), EXCERPT_CHARS);
    return { text: item.title.trim() ? `${item.title.trim()}：${words}` : words, url };
  }
  const words = markdownToPlain(item.preview.replace(LINK, "（链接）"), EXCERPT_CHARS);
  return { text: words ? `${item.title}：${words}` : item.title, url };
}

/** Today's 每日回顾 (the review wing's own set for the day) and 那年今日, or null when both are empty. */
export async function reviewMessage(deps: AppDeps, userId: string): Promise<PushMessage | null> {
  const site = siteOf(deps);
  const [today, earlier] = await Promise.all([reviewToday(deps, userId), onThisDay(deps, userId)]);
  const years = earlier.unit === "year" ? earlier.items.slice(0, ON_THIS_DAY_AT_MOST) : [];
  if (today.items.length === 0 && years.length === 0) return null;
  const [, m, d] = today.date.split("-").map(Number);
  return {
    type: "push.review",
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
 * Sends a claimed push to the person's channels switched on and not reached yet. All reached:
 * sent. One failing: tried again after the next wait of push.retryDelaysMs, to the rest only;
 * past the last wait, given up. A channel switched off meanwhile (its failures) is left out.
 */
async function deliver(deps: AppDeps, claim: DeliveryClaim, message: PushMessage | null): Promise<void> {
  if (!message) {
    await settleDelivery(deps.db, claim, { state: "skipped", sentTo: [], error: null });
    return;
  }
  const reached = new Set(claim.sentTo);
  const channels = (await listChannelRows(deps.db, claim.userId, true)).filter((c) => !reached.has(c.id));
  const errors: string[] = [];
  for (const channel of channels) {
    if (deps.work.signal.aborted) return; // left claimed: taken over once stale
    const sent = await sendToChannel(deps, channel, message, { test: false });
    if (sent.ok) reached.add(channel.id);
    else errors.push("limited" in sent ? `${channel.kind}：发送太频繁` : `${channel.kind}：${sent.error}`);
  }
  const sentTo = [...reached];
  const delays = deps.config.push.retryDelaysMs;
  if (!errors.length) {
    await settleDelivery(deps.db, claim, { state: "sent", sentTo, error: null });
  } else if (claim.attempts <= delays.length) {
    const retryInMs = delays[claim.attempts - 1]!;
    await settleDelivery(deps.db, claim, { state: "retry", sentTo, error: errors.join("；"), retryInMs });
  } else {
    await settleDelivery(deps.db, claim, { state: "failed", sentTo, error: errors.join("；") });
  }
}

const running = new WeakSet<AppDeps["work"]>();

/**
 * The pushes due now, each claimed by one process (push_deliveries' key): today's 每日回顾 of
 * everyone whose time (Beijing) has come, and 周报/月报 made lately. Only today's review is ever
 * claimed, so a day the server was down is never sent afterwards, and a day's is sent once.
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
      for (const userId of due) {
        if (deps.work.signal.aborted) return done;
        const claim = await claimDelivery(deps.db, userId, "review", day, limits.staleClaimMs);
        if (!claim) continue; // another process has it
        claimed++;
        await deliver(deps, claim, await reviewMessage(deps, userId)).catch((err) =>
          deps.logger.warn("review push failed", { err }),
        );
        done.reviews++;
      }
      if (due.length < BATCH || claimed === 0) break;
    }
    for (;;) {
      const due = await dueDigests(deps.db, {
        withinMs: limits.digestWithinMs,
        staleMs: limits.staleClaimMs,
        limit: BATCH,
      });
      let claimed = 0;
      for (const d of due) {
        if (deps.work.signal.aborted) return done;
        const claim = await claimDelivery(deps.db, d.userId, "digest", d.period, limits.staleClaimMs);
        if (!claim) continue;
        claimed++;
        await deliver(deps, claim, await digestMessage(deps, d.userId, d.insightId)).catch((err) =>
          deps.logger.warn("digest push failed", { err }),
        );
        done.digests++;
      }
      if (due.length < BATCH || claimed === 0) break;
    }
    return done;
  } finally {
    running.delete(deps.work);
  }
}
