import { randomBytes, randomUUID } from "node:crypto";
import { type EndpointName, endpoints, fillPath, type RequestOf, type ResponseOf } from "@shinian/contract";
import { afterAll, beforeAll, describe, expect, inject } from "vitest";
import { createApp } from "../src/app.ts";
import { createPool, type Db } from "../src/db/pool.ts";
import { type Config, loadConfig } from "../src/env.ts";
import { createLogger } from "../src/logger.ts";
import { forThisWorker, type TestDatabase } from "./databases.ts";
import { type Patch, patched } from "./patch.ts";
import "./databases.ts";

export { patched };

export type TestCtx = {
  db: Db;
  app: ReturnType<typeof createApp>;
  config: Config;
  name: string;
  /** A postgres:// URL of this test database (unix socket for the embedded one). */
  url: string;
  poolConfig: import("pg").PoolConfig;
};

/** Any of Config's fields, to any depth: how a test changes what limits.ts (or the environment) set. */
export type ConfigPatch = Patch<Config>;

/** `env` as the environment would give it, then `patch` laid over what it built (limits.ts's values). */
export function testConfig(env: Record<string, string> = {}, patch: ConfigPatch = {}): Config {
  // 自动整理 at once unless a test is about its grace period. The lowest hash cost env.ts allows:
  // the suite hashes a password for every user it registers, at 20 ms each with 11, 9 ms with 10.
  const config = loadConfig({
    PASSWORD_HASH_COST: "10",
    TRUST_PROXY: "true",
    LOG_LEVEL: "silent",
    AI_TIDY_GRACE: "0",
    ...env,
  });
  return patched<Config>(config, patch);
}

/** Registers the suite once per test database (embedded, and TEST_DATABASE_URL's server when set). */
export function forEachDatabase(
  fn: (ctx: TestCtx) => void,
  env: Record<string, string> = {},
  patch: ConfigPatch = {},
) {
  const targets = inject("testDatabases");
  if (targets.length === 0) throw new Error("no test database: check server/test/global-setup.ts");
  describe.each(targets)("[$name]", (target) => describeDatabase(target, fn, env, patch));
}

/**
 * Registers the suite on one test database only: the first of forEachDatabase's (the embedded
 * one unless TEST_EMBEDDED=0). For suites about the app rather than the engine whose time counts
 * in CI, such as the contract fuzzing (issue 14: "on one database engine, not both").
 */
export function onOneDatabase(
  fn: (ctx: TestCtx) => void,
  env: Record<string, string> = {},
  patch: ConfigPatch = {},
) {
  const [target] = inject("testDatabases");
  if (!target) throw new Error("no test database: check server/test/global-setup.ts");
  describe(`[${target.name}]`, () => describeDatabase(target, fn, env, patch));
}

/**
 * The suite's body on one database (this worker's copy of it: files run two at a time), a pool and
 * an app of its own, closed after the suite.
 */
export function describeDatabase(
  shared: TestDatabase,
  fn: (ctx: TestCtx) => void,
  env: Record<string, string> = {},
  patch: ConfigPatch = {},
) {
  const target = forThisWorker(shared);
  const ctx = { name: target.name, url: urlOf(target) } as TestCtx;
  beforeAll(() => {
    const logger = createLogger("silent");
    ctx.config = testConfig(env, patch);
    ctx.poolConfig = target.config;
    ctx.db = createPool({ ...target.config, max: 20 }, logger);
    ctx.app = createApp({ config: ctx.config, db: ctx.db, logger });
  });
  afterAll(async () => {
    await ctx.db.end();
  });
  fn(ctx);
}

// biome-ignore lint/suspicious/noExplicitAny: test bodies are checked by assertions
export type Res<T = any> = { status: number; body: T; headers: Headers };

/** One request through app.request with JSON in/out and a random client IP unless given. */
// biome-ignore lint/suspicious/noExplicitAny: test bodies are checked by assertions
export async function call<T = any>(
  ctx: TestCtx,
  method: string,
  path: string,
  opts: {
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
    ip?: string;
    raw?: BodyInit;
  } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { "x-forwarded-for": opts.ip ?? randomIp(), ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined = opts.raw;
  if (opts.body !== undefined) {
    headers["content-type"] ??= "application/json";
    body = JSON.stringify(opts.body);
  }
  const res = await ctx.app.request(path, { method, headers, body });
  const type = res.headers.get("content-type") ?? "";
  // A GET event stream (the live events) stays open: its first chunk is read, then it is left.
  if (method === "GET" && type.startsWith("text/event-stream") && res.body) {
    const reader = res.body.getReader();
    const first = await reader.read();
    await reader.cancel();
    return { status: res.status, body: (first.value ?? new Uint8Array()).buffer as T, headers: res.headers };
  }
  const parsed = type.includes("json") ? await res.json() : await res.arrayBuffer();
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** What a contract call answers: the success envelope's shape (tests check the status first). */
export type Answer<N extends EndpointName> = {
  success: boolean;
  message?: string;
  code?: string;
  issues?: { path: string; message: string }[];
  data: ResponseOf<N>;
};

type Caller = { token?: string; ip?: string; headers?: Record<string, string> };

/**
 * A contract call by endpoint name: its path parameters, query and body typed by the contract,
 * its answer typed too. `call` stays for what no contract call can say (a malformed body, a
 * method or path that does not exist, raw bytes).
 */
export async function request<N extends EndpointName>(
  ctx: TestCtx,
  name: N,
  opts: RequestOf<N> & Caller = {} as RequestOf<N> & Caller,
): Promise<Res<Answer<N>>> {
  const endpoint = endpoints[name];
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((opts.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined) query.set(key, String(value));
  }
  const path = fillPath(endpoint.path, opts.params as Record<string, string> | undefined);
  return call(ctx, endpoint.method.toUpperCase(), query.size ? `${path}?${query}` : path, {
    token: opts.token,
    ip: opts.ip,
    headers: opts.headers,
    body: opts.body,
  });
}

export const randomIp = () => `10.${[0, 0, 0].map(() => randomBytes(1)[0]! % 250).join(".")}`;
export const uniqueAccount = () => `u${randomUUID().replaceAll("-", "").slice(0, 12)}@example.cn`;
export const PASSWORD = "correct-horse-42";

export type TestUser = { token: string; id: string; account: string; password: string };

export async function registerUser(ctx: TestCtx, account = uniqueAccount()): Promise<TestUser> {
  const res = await call(ctx, "POST", "/api/auth/register", {
    body: { account, password: PASSWORD, agreeTerms: true },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.data.token, id: res.body.data.user.id, account, password: PASSWORD };
}

/** The person's export zip as the export endpoint streams it (200, or the test fails). */
export async function exportZip(ctx: TestCtx, user: TestUser): Promise<Uint8Array> {
  const res = await ctx.app.request("/api/export", {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
    body: "{}",
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/** The plan PostgreSQL picks for `sql` when any usable index beats a table scan (tiny test tables). */
export async function indexPlan(ctx: TestCtx, sql: string): Promise<string> {
  const client = await ctx.db.connect();
  try {
    await client.query("SET enable_seqscan = off");
    const { rows } = await client.query(`EXPLAIN ${sql}`);
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  } finally {
    await client.query("RESET enable_seqscan");
    client.release();
  }
}

function urlOf(target: {
  config: { connectionString?: string; host?: string; user?: string; database?: string };
}) {
  const c = target.config;
  if (c.connectionString) return c.connectionString;
  return `postgresql://${c.user}@localhost/${c.database}?host=${encodeURIComponent(c.host ?? "")}`;
}
