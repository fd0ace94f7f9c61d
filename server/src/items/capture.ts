import { type Idea, withTypedTags } from "@shinian/contract";
import { tidyWhenDue } from "../ai/auto-tidy.ts";
import type { AppDeps } from "../context.ts";
import { createIdea, toIdea } from "./ideas.store.ts";

export type Capture = {
  content: string;
  tags?: string[] | undefined;
  pinned?: boolean | undefined;
  aiExcluded?: boolean | undefined;
  clientId?: string | undefined;
  capturedAt?: string | undefined;
  attachmentIds?: string[] | undefined;
  /** memos' `?memoId=` (server/src/memos/): the name the idea answers to there. */
  memoUid?: string | undefined;
};

/**
 * Saves a captured idea (from the app or a capture token), with the `#标签` typed in it as tags, and schedules 自动整理 on it when that
 * applies, AI_TIDY_GRACE later. `created: false`: a repeat of a capture already saved, answered with its idea.
 */
export async function captureIdea(
  deps: AppDeps,
  caller: { userId: string; autoTidy: boolean },
  input: Capture,
): Promise<{ idea: Idea; created: boolean }> {
  const { userId } = caller;
  // 自动整理 needs a model, the user's setting on (read with the session), and an idea the AI may read.
  const autoTidy = deps.config.ai !== null && !input.aiExcluded && caller.autoTidy;
  const { row, created } = await createIdea(deps.db, deps.config.quota, userId, {
    content: input.content,
    tags: withTypedTags(input.tags ?? [], input.content),
    pinned: input.pinned ?? false,
    aiExcluded: input.aiExcluded ?? false,
    clientId: input.clientId ?? null,
    capturedAt: input.capturedAt ? new Date(input.capturedAt) : null,
    tidyAfterMs: autoTidy ? deps.config.aiTidyGraceMs : null,
    attachmentIds: input.attachmentIds,
    memoUid: input.memoUid ?? null,
  });
  const idea = toIdea(row);
  // A repeat of a capture already saved: nothing new, so nothing to tidy. The due time is in the
  // database; this process's timer only saves waiting for the next sweep.
  if (created && autoTidy) tidyWhenDue(deps, deps.config.aiTidyGraceMs);
  return { idea, created };
}
