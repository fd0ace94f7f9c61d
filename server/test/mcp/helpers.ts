import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll } from "vitest";
import type { createApp } from "../../src/app.ts";
import type { HttpLimits } from "../../src/env.ts";
import { listen } from "../../src/server.ts";

/** An app (made in an earlier beforeAll) on a real TCP port for the suite, as MCP clients reach it. */
export function serving(made: () => { app: ReturnType<typeof createApp>; http: HttpLimits }) {
  let server: Server | undefined;
  beforeAll(async () => {
    const { app, http } = made();
    server = await listen(app.fetch, 0, "127.0.0.1", http);
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { url: () => `http://127.0.0.1:${(server!.address() as AddressInfo).port}/mcp` };
}

/** The SDK's own client over streamable HTTP, with the Bearer token on every request. */
export async function mcpClient(url: string, token: string): Promise<Client> {
  const client = new Client({ name: "shinian-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

/** A tool's JSON answer; the test fails when the call was a tool error. */
// biome-ignore lint/suspicious/noExplicitAny: checked by assertions
export async function callOk(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${textOf(result)}`);
  return JSON.parse(textOf(result));
}

/** A tool error's text; the test fails when the call succeeded. */
export async function callRefused(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  if (!result.isError) throw new Error(`${name} should have been refused: ${textOf(result)}`);
  return textOf(result);
}
