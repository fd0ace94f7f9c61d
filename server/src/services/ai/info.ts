import type { AiInfo } from "@shinian/contract";
import type { Config } from "../../env.ts";

/** Which assistant answers and what each action costs now: nothing in 本地模式. */
export function aiInfo(config: Config): AiInfo {
  if (!config.ai) {
    return { mode: "offline", costs: { chatReply: 0, tidyIdea: 0, composeNote: 0 }, tidyAvailable: false };
  }
  return { mode: "provider", model: config.ai.model, costs: config.points.costs, tidyAvailable: true };
}
