import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { ApiError } from "../errors.ts";
import { SIGNED_IN_BODY_LIMIT } from "../http/body-limit.ts";
import { perUserSlots } from "../shared/per-user-slots.ts";
import { mcpCaller } from "./access.ts";
import { mcpServer } from "./mcp-server.ts";

/** Searches a person may have waiting behind their running ones (as on the search page). */
const SEARCHES_WAITING = 8;

/** A JSON-RPC error answer: what MCP clients read, instead of the API's envelope. */
const rpcError = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store", ...headers },
  });

/**
 * POST /mcp: the Model Context Protocol over streamable HTTP, stateless (a server and a transport
 * per request, answers as JSON, no session id), for the Bearer's owner. GET (a stream of server
 * messages) and DELETE (ending a session) have nothing to do without sessions: 405.
 */
export function mcpHandler() {
  let searchSlots: ReturnType<typeof perUserSlots> | undefined;
  return async (c: Context<AppEnv>): Promise<Response> => {
    if (c.req.method !== "POST") {
      return rpcError(405, "只支持 POST / Method not allowed: POST only.", { Allow: "POST" });
    }
    const caller = await mcpCaller(c);
    if (caller === 401) {
      return rpcError(401, "未登录或令牌无效 / Missing or invalid Bearer token.", {
        "WWW-Authenticate": 'Bearer realm="shinian"',
      });
    }
    if (caller === 403) {
      return rpcError(
        403,
        "该令牌只能用于记录想法，请使用只读或读写令牌 / This token may only capture ideas.",
      );
    }
    const { deps } = c.var;
    searchSlots ??= perUserSlots(deps.config.searchesPerUser, SEARCHES_WAITING);
    const slots = searchSlots;
    // cleared when the answer is out: a pending timer per finished request would pile up
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), deps.config.mcp.requestMs);
    const server = mcpServer({
      deps,
      caller,
      signal: AbortSignal.any([deadline.signal, c.req.raw.signal]),
      searchSlot: (userId, run) =>
        slots(userId, run, () => new ApiError("RATE_LIMITED", "同时进行的搜索太多了，请稍后再试")),
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: SIGNED_IN_BODY_LIMIT,
    });
    try {
      await server.connect(transport);
      const late = new Promise<Response>((resolve) =>
        deadline.signal.addEventListener("abort", () =>
          resolve(rpcError(503, "请求超时，请重试 / Timed out, try again.")),
        ),
      );
      const res = await Promise.race([transport.handleRequest(c.req.raw), late]);
      res.headers.set("cache-control", "no-store");
      return res;
    } finally {
      clearTimeout(timer);
      await server.close();
    }
  };
}
