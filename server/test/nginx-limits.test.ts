// nginx (deploy/nginx/shinian.conf) enforces some of the server's own HTTP limits in front of it:
// the body sizes, the connections per client, the timeouts around an idle connection. Each has
// its one source in the server (limits.ts, env.ts's defaults, the routes' envelopes); this fails
// when nginx's copy disagrees, asking the server itself where its bound lies.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { loadConfig, parseDuration } from "../src/env.ts";
import { LIMITS } from "../src/limits.ts";
import { onOneDatabase, registerUser } from "./helpers.ts";

const DEPLOY = path.resolve(import.meta.dirname, "../../deploy");
const nginx = readFileSync(path.join(DEPLOY, "nginx/shinian.conf"), "utf8").replace(/#.*$/gm, "");
const shinianEnv = readFileSync(path.join(DEPLOY, "shinian.env"), "utf8");

/** The one value of `directive` in the text (a block's body, or the whole file). */
function directiveValue(text: string, directive: string): string {
  const values = [...text.matchAll(new RegExp(`^\\s*${directive}\\s+([^;]+);`, "gm"))].map((m) =>
    m[1]!.trim(),
  );
  expect(values, directive).toHaveLength(1);
  return values[0]!;
}
/** The body of `location = <path> { … }` (a prefix location's: up to its first nested block's end). */
const locationBody = (path: string, kind: "exact" | "prefix" = "exact") => {
  const at = `location ${kind === "exact" ? "= " : ""}${path.replaceAll("/", "\\/")}`;
  const match = new RegExp(`${at} \\{([^}]*)\\}`).exec(nginx);
  expect(match, path).not.toBeNull();
  return match![1]!;
};
/** nginx's sizes: k and m are binary. */
const bytes = (size: string) => {
  const match = /^(\d+)([km]?)$/i.exec(size)!;
  return (
    Number(match[1]) * ({ "": 1, k: 1024, m: 1024 ** 2 } as Record<string, number>)[match[2]!.toLowerCase()]!
  );
};
/** nginx's times: ms, s, m, h; no unit is seconds. */
const ms = (time: string) => parseDuration(time)!;

it("caps connections per client address as the server does by default", () => {
  const [, zone, cap] = /limit_conn\s+(\S+)\s+(\d+);/.exec(nginx)!;
  expect(nginx).toContain(`zone=${zone}`);
  expect(Number(cap)).toBe(loadConfig({}).http.connectionsPerIp);
});

it("closes an idle upstream connection before the process would, and waits longer than an AI call may", () => {
  const upstream = /upstream shinian \{([^}]*)\}/.exec(nginx)![1]!;
  const nginxIdle = ms(directiveValue(upstream, "keepalive_timeout"));
  const deployed = /^HTTP_KEEP_ALIVE_TIMEOUT=(\S+)$/m.exec(shinianEnv)![1]!;
  expect(nginxIdle).toBeLessThan(loadConfig({ HTTP_KEEP_ALIVE_TIMEOUT: deployed }).http.keepAliveTimeoutMs);
  expect(nginxIdle).toBeLessThan(loadConfig({}).http.keepAliveTimeoutMs);
  // a chat reply may wait for its first token this long: nginx's gap between two reads is longer
  expect(ms(directiveValue(locationBody("/api/", "prefix"), "proxy_read_timeout"))).toBeGreaterThan(
    LIMITS.ai.timeoutMs,
  );
  // an MCP answer comes whole, once its tool is done (an `ask` waits for the AI provider)
  expect(ms(directiveValue(locationBody("/mcp"), "proxy_read_timeout"))).toBeGreaterThan(
    LIMITS.mcp.requestMs,
  );
});

onOneDatabase((ctx) => {
  // A declared Content-Length past the bound is refused before any byte is read (body-limit.ts):
  // one byte more than nginx lets through must be a 413 here too, and exactly nginx's must not.
  const declaring = async (path: string, length: number) => {
    const { token } = await registerUser(ctx);
    const res = await ctx.app.request(path, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-length": String(length),
        "content-type": "application/json",
      },
      body: "{}",
    });
    return res.status;
  };

  it.each([
    ["/api/import", () => bytes(directiveValue(locationBody("/api/import"), "client_max_body_size"))],
    [
      "/api/attachments",
      () => bytes(directiveValue(locationBody("/api/attachments"), "client_max_body_size")),
    ],
    ["/api/ideas", () => bytes(/^ {4}client_max_body_size\s+(\S+);/m.exec(nginx)![1]!)],
  ])("%s takes as large a body as nginx lets through, and not a byte more", async (path, nginxBytes) => {
    const allowed = nginxBytes();
    expect(await declaring(path, allowed + 1)).toBe(413);
    expect(await declaring(path, allowed)).not.toBe(413);
  });

  it("the import's and the images' limits are limits.ts's, plus their envelope", () => {
    expect(bytes(directiveValue(locationBody("/api/import"), "client_max_body_size"))).toBeGreaterThan(
      LIMITS.import.maxBytes,
    );
    expect(bytes(directiveValue(locationBody("/api/attachments"), "client_max_body_size"))).toBeGreaterThan(
      LIMITS.attachments.maxBytes,
    );
  });
});
