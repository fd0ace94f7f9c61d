import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { scopeAllows, type TokenScope } from "@shinian/contract";
import type { ErrorCode } from "@shinian/contract/envelope";
import type { z } from "zod";
import type { AppDeps } from "../context.ts";
import { ApiError } from "../errors.ts";
import { asQuotaRefusal } from "../points/quotas.ts";
import type { McpCaller } from "./access.ts";

/** What every tool is handed: the app, who asks, the request's deadline, the account's search slots. */
export type ToolCtx = {
  deps: AppDeps;
  caller: McpCaller;
  signal: AbortSignal;
  searchSlot: <T>(userId: string, run: () => Promise<T>) => Promise<T>;
};

export type Tool<S extends z.ZodRawShape = z.ZodRawShape> = {
  name: string;
  /** One string, Chinese first, then English. */
  description: string;
  /** The least scope a token needs. */
  need: Exclude<TokenScope, "capture">;
  input: S;
  run: (args: z.output<z.ZodObject<S>>, ctx: ToolCtx) => Promise<unknown>;
};

export const defineTool = <S extends z.ZodRawShape>(tool: Tool<S>) => tool;

/** A refusal a tool answers as `isError`, with what the caller needs to go on (a conflict's current version). */
export class ToolRefusal extends Error {
  readonly detail: Record<string, unknown> | undefined;
  constructor(message: string, detail?: Record<string, unknown>) {
    super(message);
    this.detail = detail;
  }
}

/** English after the Chinese, for the models and people that read only English. */
const ENGLISH: Partial<Record<ErrorCode, string>> = {
  VALIDATION_ERROR: "Invalid arguments.",
  INSUFFICIENT_POINTS: "Not enough AI points.",
  FORBIDDEN: "Not allowed.",
  QUOTA_EXCEEDED: "Storage quota used up.",
  NOT_FOUND: "Not found.",
  CONFLICT: "Conflicts with the current state.",
  AI_NOT_CONFIGURED: "Local mode: this server has no AI provider.",
  RATE_LIMITED: "Too many requests, try again later.",
  SERVICE_UNAVAILABLE: "The server is busy, try again later.",
};

const failed = (text: string): CallToolResult => ({ isError: true, content: [{ type: "text", text }] });

/** Runs a tool for the caller: the wrong scope, a refusal or a failure is a tool error, never a silent success. */
export async function runTool(tool: Tool, args: unknown, ctx: ToolCtx): Promise<CallToolResult> {
  if (!scopeAllows(ctx.caller.scope, tool.need)) {
    return failed(
      `权限不足：${tool.name} 需要读写（write）权限的令牌。 / Forbidden: ${tool.name} needs a token with the write scope.`,
    );
  }
  try {
    const result = await tool.run(args as never, ctx);
    return { content: [{ type: "text", text: JSON.stringify(result) }] };
  } catch (thrown) {
    if (thrown instanceof ToolRefusal) {
      return failed(JSON.stringify({ error: thrown.message, ...thrown.detail }));
    }
    const err = asQuotaRefusal(thrown, ctx.deps.config.quota) ?? thrown;
    if (err instanceof ApiError) {
      return failed(`${err.message} / ${ENGLISH[err.code] ?? "Refused."}`);
    }
    ctx.deps.logger.error("mcp tool failed", { tool: tool.name, err });
    return failed("服务器内部错误，请稍后再试 / Internal error, try again later.");
  }
}
