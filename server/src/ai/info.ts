import type { AiInfo } from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";
import type { Config } from "../env.ts";
import { pendingCount } from "../search/embeddings.store.ts";

/** Which assistant answers and what each action costs now: nothing in 本地模式. */
export function aiCosts(config: Config): AiInfo["costs"] {
  if (!config.ai) return { chatReply: 0, tidyIdea: 0, composeNote: 0, transcribe: 0 };
  return { ...config.points.costs, transcribe: config.transcribe ? config.points.costs.transcribe : 0 };
}

/** GET /api/ai/status: the assistant's mode and costs, and whether search finds by meaning. */
export async function aiInfo(config: Config, db: Queryable, userId: string): Promise<AiInfo> {
  const embeddings = config.embedding
    ? { enabled: true, pending: await pendingCount(db, userId) }
    : { enabled: false, pending: 0 };
  const transcribeAvailable = config.transcribe !== null;
  if (!config.ai)
    return { mode: "offline", costs: aiCosts(config), tidyAvailable: false, transcribeAvailable, embeddings };
  return {
    mode: "provider",
    model: config.ai.model,
    costs: aiCosts(config),
    tidyAvailable: true,
    transcribeAvailable,
    embeddings,
  };
}
