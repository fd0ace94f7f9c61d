import { INSIGHT_MIN_ITEMS } from "@shinian/contract";
import type { AppDeps } from "../context.ts";
import { ApiError } from "../errors.ts";
import { publishAccountChange } from "../events/account-changes.ts";
import { getBalance } from "../points/points.store.ts";
import { capturedBetween } from "../stats/stats.store.ts";
import { type DigestPeriod, latestMonth, latestWeek } from "./digest-period.ts";
import { claimDigest, type DigestClaim, dueDigests, releaseDigest, settleDigest } from "./digests.store.ts";
import { INSIGHT_SPEND_OPEN_MS, writeInsight } from "./insights.ts";
import { scopeItems } from "./scope.ts";

/** A claim older than this belongs to a process that died: its spend is refunded by then, and it is taken over. */
export const DIGEST_STALE_MS = INSIGHT_SPEND_OPEN_MS + 60_000;
/** A provider failing this many times on one period: the period is given up (`failed`). */
const MAX_ATTEMPTS = 3;
const BATCH = 8;
const TOP_TAGS = 3;

const beijingStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const lastDay = (period: DigestPeriod) => new Date(beijingStart(period.to).getTime() + 86_400_000);

/** The digest's first paragraph, counted by us (never by the model): every capture of the period. */
export function digestOpening(
  period: DigestPeriod,
  counts: { ideas: number; notes: number; tags: { tag: string; count: number }[] },
): string {
  const tags = counts.tags.map((t) => `#${t.tag}（${t.count}）`).join("、");
  return (
    `${period.label}记下了 ${counts.ideas} 条想法、${counts.notes} 篇笔记。` +
    (tags ? `用得最多的标签：${tags}。` : "")
  );
}

/**
 * 周报/月报: for each person who opted in, the latest period due (digest-period.ts) — never an
 * older one, so a server that was down draws only the last it missed. Each period is claimed by
 * one process (digests.store.ts) and drawn one at a time here; none without an AI provider.
 */
export async function runDueDigests(deps: AppDeps): Promise<number> {
  if (!deps.config.ai) return 0;
  // One run at a time per process (by its BackgroundWork): a sweep a minute must not pile up runs
  // behind slow provider calls. Asked meanwhile (someone opted in), the run goes round once more.
  if (running.has(deps.work)) {
    again.add(deps.work);
    return 0;
  }
  running.add(deps.work);
  let drawn = 0;
  try {
    do {
      again.delete(deps.work);
      drawn += await drawDue(deps);
    } while (again.has(deps.work) && !deps.work.signal.aborted);
  } finally {
    running.delete(deps.work);
  }
  return drawn;
}

const running = new WeakSet<AppDeps["work"]>();
const again = new WeakSet<AppDeps["work"]>();

async function drawDue(deps: AppDeps): Promise<number> {
  const now = deps.clock();
  const week = latestWeek(now);
  const month = latestMonth(now);
  let drawn = 0;
  while (!deps.work.signal.aborted) {
    const due = await dueDigests(deps.db, { weekly: week.key, monthly: month.key }, DIGEST_STALE_MS, BATCH);
    for (const d of due) {
      if (deps.work.signal.aborted) break;
      const claim = await claimDigest(deps.db, d.userId, d.period, DIGEST_STALE_MS);
      if (!claim) continue; // another process has it
      await drawDigest(deps, claim, d.period === week.key ? week : month);
      drawn++;
    }
    if (due.length < BATCH) break;
  }
  return drawn;
}

/** Soon, in this process: after someone opts in (their latest period), and by every sweep. */
export function digestsSoon(deps: AppDeps): void {
  deps.work.later(0, () =>
    runDueDigests(deps).catch((err) => deps.logger.warn("digest sweep failed", { err })),
  );
}

async function drawDigest(deps: AppDeps, claim: DigestClaim, period: DigestPeriod): Promise<void> {
  const { db, config } = deps;
  const skip = (reason: string) => settleDigest(db, claim, { state: "skipped", reason });
  const scope = { from: period.from, to: period.to };
  try {
    const { sources } = await scopeItems(db, claim.userId, scope, config.insights.itemChars);
    if (sources.length < INSIGHT_MIN_ITEMS) return void (await skip("too_few"));
    if ((await getBalance(db, claim.userId)) < config.points.insight) return void (await skip("points"));
    const counts = await capturedBetween(
      db,
      claim.userId,
      beijingStart(period.from),
      lastDay(period),
      TOP_TAGS,
    );
    const kind = period.key.startsWith("week:") ? "周报" : "月报";
    await writeInsight(deps, claim.userId, { scope, lens: "summary" }, sources, {
      title: (written) => `${kind}：${written}`,
      opening: digestOpening(period, counts),
      saved: async (client, insightId) => {
        if (!(await settleDigest(client, claim, { state: "made", insightId })))
          throw new Error("digest claim taken over");
        // the person's devices show the badge at once (at commit; never for a digest rolled back)
        await publishAccountChange(client, claim.userId);
      },
    });
  } catch (err) {
    if (err instanceof ApiError && err.code === "INSUFFICIENT_POINTS") return void (await skip("points"));
    deps.logger.warn("digest failed", { err, period: claim.period });
    if (claim.attempts >= MAX_ATTEMPTS)
      await settleDigest(db, claim, { state: "failed", reason: String(err) });
    else await releaseDigest(db, claim, String(err));
  }
}
