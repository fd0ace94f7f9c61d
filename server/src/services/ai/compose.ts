import type { ComposeNoteResult } from "@shinian/contract";
import type { AppDeps } from "../../context.ts";
import { ApiError } from "../../errors.ts";
import { IDEA_COLUMNS, type IdeaRow, NOTE_COLUMNS, type NoteRow, toNote } from "../items.ts";
import { getBalance, refund, spend } from "../points.ts";
import { noteVector } from "../text-index.ts";
import { getUser } from "../users.ts";
import type { Source } from "./grounding.ts";
import { ComposeOutputSchema, composePrompt, dayOf, parseModelJson } from "./prompts.ts";
import { complete } from "./provider.ts";

/** 本地模式: no model to write with, so the note gathers the ideas as they are, in the order chosen. */
function localDraft(ideas: IdeaRow[]) {
  const sections = ideas.map((i) => `## ${i.title || dayOf(i.created_at)}\n\n${i.content.trim()}`);
  return { title: `想法汇编（${ideas.length} 条）`, content: sections.join("\n\n") };
}

/**
 * 整理成笔记: a note written from the chosen ideas, linked to them (sourceIdeaIds). Every idea
 * must be the user's own and readable by AI; the cost is refunded if the provider fails.
 */
export async function composeNote(
  deps: AppDeps,
  userId: string,
  ideaIds: string[],
): Promise<ComposeNoteResult> {
  const { db, config } = deps;
  // in the order chosen (array_position); ids compared by PostgreSQL, so letter case does not matter
  const { rows: ideas } = await db.query<IdeaRow>(
    `SELECT ${IDEA_COLUMNS} FROM ideas WHERE user_id = $1 AND id = ANY($2::uuid[])
     ORDER BY array_position($2::uuid[], id)`,
    [userId, ideaIds],
  );
  if (ideas.length !== ideaIds.length) throw new ApiError("NOT_FOUND", "所选想法不存在或已被删除");
  if (ideas.some((i) => i.ai_excluded)) {
    throw new ApiError("VALIDATION_ERROR", "所选想法中有设置了不让AI读取的，请先取消选择它们");
  }
  const ai = config.ai;
  const cost = ai ? config.points.costs.composeNote : 0;
  const spent = cost > 0 ? await spend(db, userId, cost, "compose_note") : null;
  let draft: { title: string; content: string } | null = null;
  if (ai) {
    try {
      const sources: Source[] = ideas.map((i) => ({
        type: "idea",
        id: i.id,
        title: i.title || "（无标题）",
        text: i.content,
        createdAt: i.created_at,
      }));
      const text = await complete(
        ai,
        composePrompt((await getUser(db, userId)).identityDescription, sources),
        AbortSignal.timeout(ai.timeoutMs * 3),
        {
          temperature: 0.5,
        },
      );
      draft = parseModelJson(ComposeOutputSchema, text);
    } catch (err) {
      deps.logger.warn("compose failed", { err });
    }
    if (!draft) {
      if (spent) await refund(db, userId, { ...spent, cost });
      throw new ApiError("SERVICE_UNAVAILABLE", `整理成笔记失败，${spent ? "点数已退还，" : ""}请稍后再试`);
    }
  } else {
    draft = localDraft(ideas);
  }
  const tags = [...new Set(ideas.flatMap((i) => i.tags))].slice(0, 10);
  const { rows } = await db.query<NoteRow>(
    `INSERT INTO notes (user_id, title, content, tags, source_idea_ids, search)
     VALUES ($1, $2, $3, $4, $5, $6::tsvector) RETURNING ${NOTE_COLUMNS}`,
    [userId, draft.title, draft.content, tags, ideas.map((i) => i.id), noteVector({ ...draft, tags })],
  );
  return {
    note: toNote(rows[0]!),
    mode: ai ? "provider" : "offline",
    points: cost,
    balance: await getBalance(db, userId),
  };
}
