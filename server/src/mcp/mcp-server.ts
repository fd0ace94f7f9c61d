import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { dailyReview, getItems, listRecent, related, search, tagTree } from "./read-tools.ts";
import { runTool, type Tool, type ToolCtx } from "./tool.ts";
import { ask, createIdea, renameTag, updateItem } from "./write-tools.ts";

/** Every tool, in the order tools/list gives them. */
export const TOOLS = [
  search,
  getItems,
  listRecent,
  related,
  tagTree,
  dailyReview,
  createIdea,
  updateItem,
  renameTag,
  ask,
] as unknown as Tool[];

const INSTRUCTIONS =
  "拾念（Shinian）是一个中文笔记应用：想法（idea）是随手记下的短文，笔记（note）是整理成篇的长文。每条结果都带 url，可在拾念中打开。 / 拾念 (Shinian) is a Chinese note app: ideas are short captures, notes longer pieces. Every item carries a url that opens it in the app.";

// Each server would otherwise build its own Ajv (2 ms of a 3 ms request); no tool asks the client
// for input, so this one validator is never even used.
const validator = new AjvJsonSchemaValidator();

/** One server per request (stateless): it knows only this caller, and is closed with the request. */
export function mcpServer(ctx: ToolCtx): McpServer {
  const server = new McpServer(
    { name: "shinian", version: "1.0.0" },
    {
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: validator,
    },
  );
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: tool.input,
        annotations: { readOnlyHint: tool.need === "read", openWorldHint: false },
      },
      (args: unknown) => runTool(tool, args, ctx),
    );
  }
  return server;
}
