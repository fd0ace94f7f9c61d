import { type Idea, MAX_TAGS, type TidyResult, withTypedTags } from "@shinian/contract";
import { getUser } from "../accounts/accounts.store.ts";
import { thumbnailsOfItem } from "../attachments/attachments.store.ts";
import { wholeFileBytes } from "../attachments/storage.ts";
import type { AppDeps } from "../context.ts";
import { type Db, tx } from "../db/pool.ts";
import type { S3Settings } from "../env.ts";
import { ApiError } from "../errors.ts";
import { latestAnnotations } from "../items/annotations.store.ts";
import { findIdeaRow, toIdea } from "../items/ideas.store.ts";
import { renamesSinceOriginal, tagsRenamed, textRenamed } from "../items/tag-renames.store.ts";
import { aiReadableTags } from "../items/tags.store.ts";
import { getBalance, spentCost } from "../points/points.store.ts";
import { refund, settleSpend, spend } from "../points/points.ts";
import { complete } from "../shared/openai/chat.ts";
import { datedAnnotation } from "./grounding.ts";
import { imageNamesOf, withImageMentions, withoutMentions } from "./image-mentions.ts";
import { parseModelJson, TidyOutputSchema, tidyPrompt } from "./prompts.ts";
import { reuseTags, TAGS_SHOWN_TO_TIDY } from "./tag-reuse.ts";
import {
  applyVersion,
  claimTidy,
  failStaleTidy,
  insertVersion,
  recordTidySpend,
  setTidyStatus,
  staleTidies,
  type TidyClaim,
  toVersion,
} from "./tidy.store.ts";

/**
 * AI_VISION: the idea's pictures as the model is shown them, their thumbnails (WebP, at most 400 px,
 * a few dozen kB each; at most 9 on an idea) rather than the originals of up to 10 MB.
 */
async function visionImages(db: Db, s3: S3Settings | null, userId: string, ideaId: string) {
  const images = [];
  for (const t of await thumbnailsOfItem(db, userId, ideaId)) {
    const thumb = await wholeFileBytes(s3, { id: t.id, data: t.thumb }, userId, "thumb");
    if (thumb) images.push({ name: t.name, dataUrl: `data:image/webp;base64,${thumb.toString("base64")}` });
  }
  return images;
}

/** A tidy's model call is aborted after this, so that no live tidy is ever taken for a dead one (STALE_PENDING). */
const TIDY_DEADLINE_MS = 4 * 60_000;
/** The spend stays open a minute past the deadline: still open then, its process died. */
const TIDY_SPEND_OPEN_MS = TIDY_DEADLINE_MS + 60_000;
/** The newest 批注 a tidy reads as context (never rewrites), each cut to this many characters. */
const TIDY_ANNOTATIONS = 10;
const TIDY_ANNOTATION_CHARS = 300;

/**
 * Claims the idea for one tidy, as late as possible before its text goes out. Answers the status to
 * restore if the tidy does not go ahead.
 */
async function claim(db: Db, userId: string, ideaId: string) {
  const claimed = await claimTidy(db, userId, ideaId);
  if (!claimed) throw new ApiError("CONFLICT", "这条想法正在整理中，请稍候");
  if (claimed.stale_spend) await refundStale(db, userId, claimed.stale_spend);
  return claimed;
}

/**
 * Settles the tidies whose process died: claims older than STALE_PENDING (no live tidy runs that
 * long: TIDY_DEADLINE_MS) get their spend refunded, then become `failed`. Refund first: a sweep
 * cut short leaves the spend on the idea for the next one, and a refund happens only once. Safe
 * in every process at once, and beside a claim() taking the idea over (it refunds the same spend).
 */
export async function sweepStaleTidies(db: Db): Promise<number> {
  let settled = 0;
  for (const r of await staleTidies(db)) {
    if (r.spend_id) await refundStale(db, r.user_id, r.spend_id);
    settled += await failStaleTidy(db, r.id, r.spend_id);
  }
  return settled;
}

/** The spend of a tidy whose process died before it finished or refunded. */
async function refundStale(db: Db, userId: string, ledgerId: string) {
  const cost = await spentCost(db, userId, ledgerId);
  if (cost !== null) await refund(db, userId, { ledgerId, balance: 0, cost }, "整理中断");
}

/**
 * Tidies one idea: claims it, spends the cost, asks the model, keeps the result as a version and
 * shows it on the idea — unless the user edited the idea meanwhile: their words win, and the
 * version waits in the history to be applied. Any failure after the spend refunds it.
 * `claimed`: 自动整理, whose grace period ended in claimDueTidies.
 */
export async function tidyIdea(
  deps: AppDeps,
  userId: string,
  ideaId: string,
  { claimed }: { claimed?: TidyClaim } = {},
): Promise<TidyResult> {
  const { db, config } = deps;
  const ai = config.ai;
  const idea = await findIdeaRow(db, userId, ideaId);
  if (idea.ai_excluded) {
    if (claimed) await setTidyStatus(db, ideaId, claimed.previous); // marked just after its claim
    throw new ApiError("CONFLICT", "这条想法设置了不让AI读取，无法整理");
  }
  if (!ai) throw new ApiError("AI_NOT_CONFIGURED", "本地模式下无法 AI 整理：服务器还没有配置 AI 服务");
  const before = claimed ?? (await claim(db, userId, ideaId));
  const cost = config.points.costs.tidyIdea;
  let spent: Awaited<ReturnType<typeof spend>> | null = null;
  try {
    if (cost > 0) {
      spent = await spend(db, userId, cost, "tidy_idea", {
        openForMs: TIDY_SPEND_OPEN_MS,
        item: { type: "idea", id: ideaId },
      });
      await recordTidySpend(db, ideaId, spent.ledgerId);
    }
  } catch (err) {
    // a stale claim taken over goes back as failed, not as a pending that looks alive
    await setTidyStatus(db, ideaId, before.previous === "pending" ? "failed" : before.previous);
    throw err;
  }
  let why = "AI 服务失败";
  try {
    const ownTags = await aiReadableTags(db, userId, TAGS_SHOWN_TO_TIDY);
    const thread = (await latestAnnotations(db, userId, [ideaId], TIDY_ANNOTATIONS)).get(ideaId) ?? [];
    const text = await complete(
      ai,
      tidyPrompt(
        (await getUser(db, userId)).identityDescription,
        withImageMentions(before.original_content, (await imageNamesOf(db, userId, [ideaId])).get(ideaId)),
        ai.vision ? await visionImages(db, config.attachments.s3, userId, ideaId) : [],
        ownTags,
        thread.map((a) => datedAnnotation(a, TIDY_ANNOTATION_CHARS)),
      ),
      AbortSignal.any([AbortSignal.timeout(Math.min(ai.timeoutMs * 2, TIDY_DEADLINE_MS)), deps.work.signal]),
      { temperature: 0.3, maxTokens: ai.maxTokens.tidy },
    );
    const parsed = parseModelJson(TidyOutputSchema, text);
    // the files' marks are ours (image-mentions.ts): echoed back, they would land in the card
    const output = parsed && {
      ...parsed,
      // a tag that differs from one of the person's only in 繁简, width, case or a trailing mark is theirs
      tags: reuseTags(parsed.tags, ownTags),
      title: withoutMentions(parsed.title, before.original_content),
      content: withoutMentions(parsed.content, before.original_content),
    };
    if (!output?.content) {
      why = "AI 返回的结果无法识别";
      throw new Error(why);
    }
    return await tx(db, async (client) => {
      const current = await findIdeaRow(client, userId, ideaId, true);
      if (spent) await settleSpend(client, spent);
      // made from the original words: the tag renames made since they were written reach it
      const renames = await renamesSinceOriginal(client, userId, ideaId);
      const version = await insertVersion(client, userId, ideaId, {
        model: ai.model,
        title: output.title,
        content: textRenamed(output.content, renames),
        // the `#标签` the person typed stay tags whatever the model chose
        tags: tagsRenamed([...withTypedTags([], before.original_content), ...output.tags], renames).slice(
          0,
          MAX_TAGS,
        ),
        points: cost,
      });
      const untouched = current.updated_at.getTime() === before.updated_at.getTime();
      let updated: Idea;
      if (untouched) updated = await applyVersion(client, userId, current, version);
      else {
        await setTidyStatus(client, ideaId, "done");
        updated = toIdea(await findIdeaRow(client, userId, ideaId));
      }
      return {
        idea: updated,
        version: toVersion(version),
        applied: untouched,
        balance: await getBalance(client, userId),
      };
    });
  } catch (err) {
    deps.logger.warn("tidy failed", { err });
    await setTidyStatus(db, ideaId, "failed").catch(() => {});
    if (spent) await refund(db, userId, { ...spent, cost }, why);
    if (err instanceof ApiError) throw err; // e.g. the idea was deleted meanwhile
    throw new ApiError(
      "SERVICE_UNAVAILABLE",
      `AI 整理失败，${spent ? "点数已退还，" : ""}请稍后再试（${why}）`,
    );
  }
}
