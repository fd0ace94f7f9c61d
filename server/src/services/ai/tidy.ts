import type { Idea, IdeaVersion, IdeaVersions, TidyResult } from "@shinian/contract";
import type { AppDeps } from "../../context.ts";
import { type Db, type Queryable, tx } from "../../db/pool.ts";
import { ApiError, notFound } from "../../errors.ts";
import {
  findIdeaRow,
  IDEA_COLUMNS,
  type IdeaRow,
  STALE_PENDING,
  TIDY_DEADLINE_MS,
  toIdea,
} from "../items.ts";
import { getBalance, refund, spend } from "../points.ts";
import { ideaVector } from "../text-index.ts";
import { getUser } from "../users.ts";
import { parseModelJson, TidyOutputSchema, tidyPrompt } from "./prompts.ts";
import { complete } from "./provider.ts";

export type VersionRow = {
  id: string;
  idea_id: string;
  model: string;
  title: string;
  content: string;
  tags: string[];
  points: number;
  created_at: Date;
};
export const VERSION_COLUMNS = "id, idea_id, model, title, content, tags, points, created_at";

export const toVersion = (r: VersionRow): IdeaVersion => ({
  id: r.id,
  ideaId: r.idea_id,
  model: r.model,
  title: r.title,
  content: r.content,
  tags: r.tags,
  points: r.points,
  createdAt: r.created_at.toISOString(),
});

/** Puts a version's title, text and tags on the idea (the original words never change). */
async function applyVersion(db: Queryable, userId: string, idea: IdeaRow, v: VersionRow): Promise<Idea> {
  const { rows } = await db.query<IdeaRow>(
    `UPDATE ideas SET title = $3, content = $4, tags = $5, ai_version_id = $6, ai_status = 'done', ai_spend_id = NULL,
       search = $7::tsvector, updated_at = now()
     WHERE id = $1 AND user_id = $2 RETURNING ${IDEA_COLUMNS}`,
    [
      idea.id,
      userId,
      v.title,
      v.content,
      v.tags,
      v.id,
      ideaVector({
        title: v.title,
        content: v.content,
        tags: v.tags,
        originalContent: idea.original_content,
      }),
    ],
  );
  return toIdea(rows[0]!);
}

/** Ends (or restores) a tidy's state: its spend is settled, so the idea forgets it. */
const setStatus = (db: Queryable, ideaId: string, status: Idea["aiStatus"]) =>
  db.query("UPDATE ideas SET ai_status = $2, ai_spend_id = NULL WHERE id = $1", [ideaId, status]);

/**
 * Claims the idea for one tidy, as late as possible before its text goes out: never an idea
 * marked 不让AI读取, never one another tidy is working on (unless that claim is stale: its process
 * died). Answers the status to restore if the tidy does not go ahead.
 */
async function claim(db: Db, userId: string, ideaId: string) {
  const { rows } = await db.query<{
    previous: Idea["aiStatus"];
    stale_spend: string | null;
    original_content: string;
    updated_at: Date;
  }>(
    `UPDATE ideas i SET ai_status = 'pending', ai_started_at = now(), ai_spend_id = NULL
     FROM (SELECT id, ai_status AS previous, ai_spend_id FROM ideas WHERE id = $1 AND user_id = $2 FOR UPDATE) old
     WHERE i.id = old.id AND NOT i.ai_excluded
       AND (i.ai_status <> 'pending' OR i.ai_started_at IS NULL OR i.ai_started_at < now() - ${STALE_PENDING})
     RETURNING old.previous, CASE WHEN old.previous = 'pending' THEN old.ai_spend_id END AS stale_spend,
       i.original_content, i.updated_at`,
    [ideaId, userId],
  );
  const claimed = rows[0];
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
  const stale = `ai_status = 'pending' AND (ai_started_at IS NULL OR ai_started_at < now() - ${STALE_PENDING})`;
  const { rows } = await db.query<{ id: string; user_id: string; spend_id: string | null }>(
    `SELECT id, user_id, ai_spend_id AS spend_id FROM ideas WHERE ${stale} LIMIT 500`,
  );
  let settled = 0;
  for (const r of rows) {
    if (r.spend_id) await refundStale(db, r.user_id, r.spend_id);
    const { rowCount } = await db.query(
      `UPDATE ideas SET ai_status = 'failed', ai_spend_id = NULL
       WHERE id = $1 AND ${stale} AND ai_spend_id IS NOT DISTINCT FROM $2`,
      [r.id, r.spend_id],
    );
    settled += rowCount ?? 0;
  }
  return settled;
}

/** The spend of a tidy whose process died before it finished or refunded. */
async function refundStale(db: Db, userId: string, ledgerId: string) {
  const { rows } = await db.query<{ cost: number }>(
    "SELECT -delta AS cost FROM points_ledger WHERE id = $1 AND user_id = $2 AND delta < 0",
    [ledgerId, userId],
  );
  if (rows[0]) await refund(db, userId, { ledgerId, balance: 0, cost: rows[0].cost }, "整理中断");
}

/**
 * Tidies one idea: claims it, spends the cost, asks the model, keeps the result as a version and
 * shows it on the idea — unless the user edited the idea meanwhile: their words win, and the
 * version waits in the history to be applied. Any failure after the spend refunds it.
 * `claimed`: 自动整理, whose capture already marked the idea pending.
 */
export async function tidyIdea(
  deps: AppDeps,
  userId: string,
  ideaId: string,
  { claimed = false } = {},
): Promise<TidyResult> {
  const { db, config } = deps;
  const ai = config.ai;
  const idea = await findIdeaRow(db, userId, ideaId);
  if (idea.ai_excluded) throw new ApiError("CONFLICT", "这条想法设置了不让AI读取，无法整理");
  if (!ai) throw new ApiError("SERVICE_UNAVAILABLE", "本地模式下无法 AI 整理：服务器还没有配置 AI 服务");
  const before = claimed ? { previous: "none" as const, ...idea } : await claim(db, userId, ideaId);
  const cost = config.points.costs.tidyIdea;
  let spent: Awaited<ReturnType<typeof spend>> | null = null;
  try {
    if (cost > 0) {
      spent = await spend(db, userId, cost, "tidy_idea");
      await db.query("UPDATE ideas SET ai_spend_id = $2 WHERE id = $1", [ideaId, spent.ledgerId]);
    }
  } catch (err) {
    // a stale claim taken over goes back as failed, not as a pending that looks alive
    await setStatus(db, ideaId, before.previous === "pending" ? "failed" : before.previous);
    throw err;
  }
  let why = "AI 服务失败";
  try {
    const text = await complete(
      ai,
      tidyPrompt((await getUser(db, userId)).identityDescription, before.original_content),
      AbortSignal.timeout(Math.min(ai.timeoutMs * 2, TIDY_DEADLINE_MS)),
      { temperature: 0.3 },
    );
    const output = parseModelJson(TidyOutputSchema, text);
    if (!output) {
      why = "AI 返回的结果无法识别";
      throw new Error(why);
    }
    return await tx(db, async (client) => {
      const current = await findIdeaRow(client, userId, ideaId, true);
      const { rows } = await client.query<VersionRow>(
        `INSERT INTO idea_versions (user_id, idea_id, model, title, content, tags, points)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${VERSION_COLUMNS}`,
        [userId, ideaId, ai.model, output.title, output.content, output.tags, cost],
      );
      const version = rows[0]!;
      const untouched = current.updated_at.getTime() === before.updated_at.getTime();
      let updated: Idea;
      if (untouched) updated = await applyVersion(client, userId, current, version);
      else {
        await setStatus(client, ideaId, "done");
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
    await setStatus(db, ideaId, "failed").catch(() => {});
    if (spent) await refund(db, userId, { ...spent, cost }, why);
    if (err instanceof ApiError) throw err; // e.g. the idea was deleted meanwhile
    throw new ApiError(
      "SERVICE_UNAVAILABLE",
      `AI 整理失败，${spent ? "点数已退还，" : ""}请稍后再试（${why}）`,
    );
  }
}

/** Tidying right after capture (自动整理): never fails the capture; no points → kept as typed. */
export function tidyInBackground(deps: AppDeps, userId: string, ideaId: string): void {
  tidyIdea(deps, userId, ideaId, { claimed: true }).catch(async (err) => {
    if (err instanceof ApiError && err.code === "INSUFFICIENT_POINTS") return; // status restored to none
    deps.logger.warn("auto tidy failed", { err });
  });
}

export async function listVersions(db: Queryable, userId: string, ideaId: string): Promise<IdeaVersions> {
  const idea = await db.query<{ ai_version_id: string | null }>(
    "SELECT ai_version_id FROM ideas WHERE id = $1 AND user_id = $2",
    [ideaId, userId],
  );
  if (!idea.rows[0]) throw notFound("想法不存在");
  const { rows } = await db.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM idea_versions WHERE idea_id = $1 AND user_id = $2 ORDER BY created_at DESC, id DESC`,
    [ideaId, userId],
  );
  return { versions: rows.map(toVersion), currentVersionId: idea.rows[0].ai_version_id };
}

export async function applyVersionById(db: Db, userId: string, ideaId: string, versionId: string) {
  return tx(db, async (client) => {
    const idea = await findIdeaRow(client, userId, ideaId, true);
    const { rows } = await client.query<VersionRow>(
      `SELECT ${VERSION_COLUMNS} FROM idea_versions WHERE id = $1 AND idea_id = $2 AND user_id = $3`,
      [versionId, ideaId, userId],
    );
    if (!rows[0]) throw notFound("整理版本不存在");
    return applyVersion(client, userId, idea, rows[0]);
  });
}
