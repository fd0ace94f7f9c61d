import type { TokenScope } from "@shinian/contract";
import type { Context } from "hono";
import { authenticate, signIn } from "../accounts/session-guard.ts";
import type { AppEnv } from "../context.ts";
import { ApiError } from "../errors.ts";

/** Who is asking, and what their token lets them do; a session may do everything a `write` token may. */
export type McpCaller = { userId: string; autoTidy: boolean; scope: TokenScope };

/**
 * The Bearer's owner, if a session or a token of at least `read` scope; otherwise the refusal's
 * status (401: no live token; 403: a `capture` token), which /mcp answers in JSON-RPC's shape
 * rather than the API's envelope. Each tool then checks the scope it needs (mcp/tool.ts).
 */
export async function mcpCaller(c: Context<AppEnv>): Promise<McpCaller | 401 | 403> {
  try {
    const caller = await authenticate(c, "read");
    signIn(c, caller);
    const scope = caller.via === "token" ? caller.scope : "write";
    return { userId: caller.userId, autoTidy: caller.autoTidy, scope };
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return err.status;
    throw err;
  }
}
