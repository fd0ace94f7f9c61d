import {
  type CreateInsightResult,
  INSIGHT_LENS_LABELS,
  INSIGHT_MIN_ITEMS,
  type InsightLens,
  type InsightPrice,
  type InsightScope,
  insightScopeLabel,
} from "@shinian/contract";
import { getUser } from "../accounts/accounts.store.ts";
import { fitSources } from "../ai/grounding.ts";
import type { AppDeps } from "../context.ts";
import { type Queryable, tx } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import { getBalance } from "../points/points.store.ts";
import { refund, settleSpend, spend } from "../points/points.ts";
import { complete } from "../shared/openai/chat.ts";
import { checkCitations, splitTitle } from "./citations.ts";
import { getInsight, insertInsight } from "./insights.store.ts";
import { insightPrompt } from "./prompt.ts";
import { type ScopeItems, scopeItems } from "./scope.ts";

/** The model call is aborted after this; the spend stays open a minute longer (then its process died). */
const INSIGHT_DEADLINE_MS = 4 * 60_000;
export const INSIGHT_SPEND_OPEN_MS = INSIGHT_DEADLINE_MS + 60_000;

const notConfigured = () =>
  new ApiError("AI_NOT_CONFIGURED", "洞察需要 AI 服务，这台服务器没有配置（本地模式）");

/** GET /api/insights/price: what the scope holds now and what a run over it would cost. */
export async function insightPrice(
  deps: AppDeps,
  userId: string,
  scope: InsightScope,
): Promise<InsightPrice> {
  const { sources, capped } = await scopeItems(deps.db, userId, scope, 1);
  const tooFew = sources.length < INSIGHT_MIN_ITEMS;
  return {
    items: sources.length,
    capped,
    points: tooFew || !deps.config.ai ? 0 : deps.config.points.insight,
    balance: await getBalance(deps.db, userId),
    tooFew,
    available: deps.config.ai !== null,
  };
}

export type InsightRequest = { scope: InsightScope; lens: InsightLens; prompt?: string | undefined };

/**
 * 洞察: the AI reads the scope's items through a lens and the report is saved as an insight,
 * never an idea or a note. Too few items: said so, the AI not asked, nothing charged. The points
 * are refunded once if the provider fails or the report cites nothing inside the scope (or the
 * process dies: the spend is open until the insight is saved). Shutdown waits for it.
 */
export function createInsight(
  deps: AppDeps,
  userId: string,
  req: InsightRequest,
): Promise<CreateInsightResult> {
  return deps.work.track(run(deps, userId, req));
}

async function run(deps: AppDeps, userId: string, req: InsightRequest): Promise<CreateInsightResult> {
  const { db, config } = deps;
  if (!config.ai) throw notConfigured();
  const { sources } = await scopeItems(db, userId, req.scope, config.insights.itemChars);
  if (sources.length < INSIGHT_MIN_ITEMS) {
    throw new ApiError(
      "VALIDATION_ERROR",
      `这个范围里只有 ${sources.length} 条 AI 可以读取的记录，至少要 ${INSIGHT_MIN_ITEMS} 条才能看出些什么；没有调用 AI，也没有扣点数`,
    );
  }
  return writeInsight(deps, userId, req, sources);
}

/** What a digest adds to writing an insight: its title, its opening, and its claim recorded with it. */
export type DigestWriting = {
  title: (written: string) => string;
  opening: string;
  /** Inside the saving transaction: throws when the digest may not be kept (its claim was taken over). */
  saved: (client: Queryable, insightId: string) => Promise<void>;
};

/**
 * The model reads `sources` through the lens; the report is kept with its citations inside them,
 * charged once (refunded when the provider fails, nothing in scope is cited, or saving fails).
 */
export async function writeInsight(
  deps: AppDeps,
  userId: string,
  req: InsightRequest,
  sources: ScopeItems["sources"],
  digest?: DigestWriting,
): Promise<CreateInsightResult> {
  const { db, config } = deps;
  const ai = config.ai;
  if (!ai) throw notConfigured();
  const scopeLabel = insightScopeLabel(req.scope);
  const prompt = req.lens === "custom" ? (req.prompt ?? null) : null;
  const cost = config.points.insight;
  const spent =
    cost > 0 ? await spend(db, userId, cost, "insight", { openForMs: INSIGHT_SPEND_OPEN_MS }) : null;
  const giveBack = async (message: string): Promise<never> => {
    if (spent) await refund(db, userId, { ...spent, cost });
    throw new ApiError("SERVICE_UNAVAILABLE", `${message}${spent ? "，点数已退还" : ""}`);
  };
  let text = "";
  try {
    text = await complete(
      ai,
      insightPrompt({
        identity: (await getUser(db, userId)).identityDescription,
        lens: req.lens,
        prompt,
        scopeLabel,
        sources: fitSources(sources, config.insights.contextTokens),
      }),
      AbortSignal.any([
        AbortSignal.timeout(Math.min(ai.timeoutMs * 3, INSIGHT_DEADLINE_MS)),
        deps.work.signal,
      ]),
      { temperature: 0.5, maxTokens: config.insights.maxTokens },
    );
  } catch (err) {
    deps.logger.warn("insight failed", { err });
    return giveBack("生成洞察失败，请稍后再试");
  }
  const fallbackTitle = `${INSIGHT_LENS_LABELS[req.lens]}：${scopeLabel}`;
  const { title, body: written } = splitTitle(text, fallbackTitle);
  const { body, citations } = checkCitations(written, sources);
  if (!body || citations.length === 0) {
    return giveBack("AI 的报告没有引用这个范围里的记录，没有保存");
  }
  const saving = tx(db, async (client) => {
    const id = await insertInsight(client, userId, {
      title: digest ? digest.title(title) : title,
      lens: req.lens,
      prompt,
      scope: req.scope,
      body: digest ? `${digest.opening}\n\n${body}` : body,
      citations,
      itemCount: sources.length,
    });
    await digest?.saved(client, id);
    if (spent) await settleSpend(client, spent);
    return getInsight(client, userId, id);
  });
  const insight = await saving.catch(async (err: unknown) => {
    if (spent) await refund(db, userId, { ...spent, cost });
    throw err;
  });
  return { insight, points: cost, balance: await getBalance(db, userId) };
}
