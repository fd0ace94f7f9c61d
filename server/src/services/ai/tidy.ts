import type { Idea, IdeaVersion, IdeaVersions, TidyResult } from "@shinian/contract";
import type { AppDeps } from "../../context.ts";
import { type Db, type Queryable, tx } from "../../db/pool.ts";
import { ApiError, notFound } from "../../errors.ts";
import { IDEA_COLUMNS, type IdeaRow, toIdea } from "../items.ts";
import { getBalance, refund, spend } from "../points.ts";
import { ideaVector } from "../text-index.ts";
import { identityOf } from "../users.ts";
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

async function ideaRow(db: Queryable, userId: string, ideaId: string, lock = false): Promise<IdeaRow> {
  const { rows } = await db.query<IdeaRow>(
    `SELECT ${IDEA_COLUMNS} FROM ideas WHERE id = $1 AND user_id = $2${lock ? " FOR UPDATE" : ""}`,
    [ideaId, userId],
  );
  if (!rows[0]) throw notFound("想法不存在");
  return rows[0];
}

/** Puts a version's title, text and tags on the idea (the original words never change). */
async function applyVersion(db: Queryable, userId: string, idea: IdeaRow, v: VersionRow): Promise<Idea> {
  const { rows } = await db.query<IdeaRow>(
    `UPDATE ideas SET title = $3, content = $4, tags = $5, ai_version_id = $6, ai_status = 'done',
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

const setStatus = (db: Queryable, ideaId: string, status: Idea["aiStatus"]) =>
  db.query("UPDATE ideas SET ai_status = $2 WHERE id = $1", [ideaId, status]);

/**
 * Tidies one idea: spends the cost, asks the model, keeps the result as a version and shows it
 * on the idea — unless the user edited the idea meanwhile: their words win, and the version
 * waits in the history to be applied. A failure refunds and marks the idea `failed`.
 */
export async function tidyIdea(deps: AppDeps, userId: string, ideaId: string): Promise<TidyResult> {
  const { db, config } = deps;
  const ai = config.ai;
  const idea = await ideaRow(db, userId, ideaId);
  if (idea.ai_excluded) throw new ApiError("CONFLICT", "这条想法设置了不让AI读取，无法整理");
  if (!ai) throw new ApiError("SERVICE_UNAVAILABLE", "本地模式下无法 AI 整理：服务器还没有配置 AI 服务");
  const cost = config.points.costs.tidyIdea;
  const spent = cost > 0 ? await spend(db, userId, cost, "tidy_idea") : null;
  await setStatus(db, ideaId, "pending");
  let output: ReturnType<typeof parseModelJson<typeof TidyOutputSchema>> = null;
  let why = "AI 服务失败";
  try {
    const text = await complete(
      ai,
      tidyPrompt(await identityOf(db, userId), idea.original_content),
      AbortSignal.timeout(ai.timeoutMs * 2),
      { temperature: 0.3 },
    );
    output = parseModelJson(TidyOutputSchema, text);
    if (!output) why = "AI 返回的结果无法识别";
  } catch (err) {
    deps.logger.warn("tidy failed", { err });
  }
  if (!output) {
    await setStatus(db, ideaId, "failed");
    if (spent) await refund(db, userId, { ...spent, cost }, why);
    throw new ApiError(
      "SERVICE_UNAVAILABLE",
      `AI 整理失败，${spent ? "点数已退还，" : ""}请稍后再试（${why}）`,
    );
  }
  const result = output;
  return tx(db, async (client) => {
    const current = await ideaRow(client, userId, ideaId, true);
    const { rows } = await client.query<VersionRow>(
      `INSERT INTO idea_versions (user_id, idea_id, model, title, content, tags, points)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${VERSION_COLUMNS}`,
      [userId, ideaId, ai.model, result.title, result.content, result.tags, cost],
    );
    const version = rows[0]!;
    const untouched = current.updated_at.getTime() === idea.updated_at.getTime();
    let updated: Idea;
    if (untouched) updated = await applyVersion(client, userId, current, version);
    else {
      await setStatus(client, ideaId, "done");
      updated = toIdea(await ideaRow(client, userId, ideaId));
    }
    return {
      idea: updated,
      version: toVersion(version),
      applied: untouched,
      balance: await getBalance(client, userId),
    };
  });
}

/** Tidying right after capture (自动整理): never fails the capture; no points → kept as typed. */
export function tidyInBackground(deps: AppDeps, userId: string, ideaId: string): void {
  tidyIdea(deps, userId, ideaId).catch(async (err) => {
    if (err instanceof ApiError && err.code === "INSUFFICIENT_POINTS") {
      await setStatus(deps.db, ideaId, "none").catch(() => {});
      return;
    }
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
    const idea = await ideaRow(client, userId, ideaId, true);
    const { rows } = await client.query<VersionRow>(
      `SELECT ${VERSION_COLUMNS} FROM idea_versions WHERE id = $1 AND idea_id = $2 AND user_id = $3`,
      [versionId, ideaId, userId],
    );
    if (!rows[0]) throw notFound("整理版本不存在");
    return applyVersion(client, userId, idea, rows[0]);
  });
}
