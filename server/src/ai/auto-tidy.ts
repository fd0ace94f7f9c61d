import type { AppDeps } from "../context.ts";
import { ApiError } from "../errors.ts";
import { claimDueTidies, dropDueTidies, nextTidyDueMs } from "./tidy.store.ts";
import { tidyIdea } from "./tidy.ts";

/** Due tidies run this many at a time per process: a backlog after a restart does not flood the provider. */
const BATCH = 8;
const QUIET = new Set(["INSUFFICIENT_POINTS", "NOT_FOUND", "CONFLICT"]);

/**
 * 自动整理 of every idea whose grace period (AI_TIDY_GRACE) is over, whichever process captured it:
 * claimed here one batch at a time (each idea by one process only), then tidied. Marked
 * 不让AI读取 or deleted before then, an idea is never claimed, so its text is never sent.
 */
export async function runDueTidies(deps: AppDeps): Promise<number> {
  if (!deps.config.ai) {
    await dropDueTidies(deps.db);
    return 0;
  }
  let tidied = 0;
  while (!deps.work.signal.aborted) {
    const due = await claimDueTidies(deps.db, BATCH);
    await Promise.all(
      due.map((claimed) =>
        tidyIdea(deps, claimed.user_id, claimed.id, { claimed }).catch((err) => {
          // no points: kept as typed (the status went back to none); deleted or marked 不让AI读取
          // right after the claim: nothing was sent
          if (err instanceof ApiError && QUIET.has(err.code)) return;
          deps.logger.warn("auto tidy failed", { err });
        }),
      ),
    );
    tidied += due.length;
    if (due.length < BATCH) return tidied;
  }
  return tidied;
}

/** This process looks for due tidies in `ms` (a capture's grace period). */
export function tidyWhenDue(deps: AppDeps, ms: number): void {
  deps.work.later(ms, () => runDueTidies(deps).catch((err) => deps.logger.warn("auto tidy failed", { err })));
}

/**
 * The sweep every process runs at start and then periodically: what is due now, and a timer for
 * the next one due within `horizonMs` (an idea captured by a process that has since stopped).
 */
export async function sweepDueTidies(deps: AppDeps, horizonMs: number): Promise<number> {
  const tidied = await runDueTidies(deps);
  const next = await nextTidyDueMs(deps.db);
  if (next !== null && next < horizonMs) tidyWhenDue(deps, next);
  return tidied;
}
