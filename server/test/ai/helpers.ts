import { createParser } from "eventsource-parser";
import { afterAll, beforeAll } from "vitest";
import { createApp } from "../../src/app.ts";
import { createLogger } from "../../src/logger.ts";
import { type FakeProvider, type Scripted, startFakeProvider } from "../fake-provider.ts";
import { type ConfigPatch, call, patched, type TestCtx, type TestUser, testConfig } from "../helpers.ts";

// biome-ignore lint/suspicious/noExplicitAny: checked by assertions
export type SseEvent = { event: string; data: any };

/** A second app on the same test database, talking to a fake provider started for the suite. */
export function withProvider(
  ctx: TestCtx,
  fallback?: (body: FakeProvider["received"][number]["body"]) => Scripted,
  env: Record<string, string> = {},
  patch: ConfigPatch = {},
) {
  const ai = { fake: undefined as unknown as FakeProvider, ctx: undefined as unknown as TestCtx };
  beforeAll(async () => {
    ai.fake = await startFakeProvider(fallback);
    const config = testConfig(
      {
        AI_BASE_URL: ai.fake.url,
        AI_API_KEY: "sk-test-key",
        AI_MODEL: "fake-model",
        AI_TRANSCRIBE_MODEL: "fake-whisper",
        ...env,
      },
      patched<ConfigPatch>(
        { ai: { timeoutMs: 3000, maxRetries: 2 }, transcribe: { timeoutMs: 3000, maxRetries: 2 } },
        patch,
      ),
    );
    ai.ctx = { ...ctx, config, app: createApp({ config, db: ctx.db, logger: createLogger("silent") }) };
  });
  afterAll(() => ai.fake.close());
  return ai;
}

export async function newConversation(ctx: TestCtx, user: TestUser, body: object = {}): Promise<string> {
  const res = await call(ctx, "POST", "/api/chat/conversations", { token: user.token, body });
  if (res.status !== 201) throw new Error(`conversation: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** Posts a question and opens the stream (the caller reads it). */
export function ask(ctx: TestCtx, user: TestUser, conversationId: string, content: string) {
  return ctx.app.request(`/api/chat/conversations/${conversationId}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
    body: JSON.stringify({ content }),
  });
}

/** Reads server-sent events; `until` may stop early (the reader is then cancelled, like a closed tab). */
export async function readEvents(
  res: Response,
  until?: (events: SseEvent[]) => boolean,
): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const parser = createParser({
    onEvent: (e) => events.push({ event: e.event ?? "message", data: JSON.parse(e.data) }),
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(value);
    if (until?.(events)) {
      await reader.cancel();
      break;
    }
  }
  return events;
}

export async function askAll(ctx: TestCtx, user: TestUser, conversationId: string, content: string) {
  const res = await ask(ctx, user, conversationId, content);
  if (res.status !== 200) throw new Error(`ask: ${res.status} ${await res.text()}`);
  return readEvents(res);
}

export async function eventually<T>(
  probe: () => Promise<T>,
  ok: (value: T) => boolean,
  ms = 5000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const balanceOf = async (ctx: TestCtx, user: TestUser): Promise<number> =>
  (await call(ctx, "GET", "/api/points", { token: user.token })).body.data.balance;

export async function addIdea(
  ctx: TestCtx,
  user: TestUser,
  content: string,
  extra: object = {},
): Promise<string> {
  const res = await call(ctx, "POST", "/api/ideas", { token: user.token, body: { content, ...extra } });
  if (res.status !== 201) throw new Error(`idea: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** A whole server process's configuration (startServer), on the test database and a fake provider. */
export function serverConfig(
  ctx: TestCtx,
  providerUrl: string,
  env: Record<string, string> = {},
  patch: ConfigPatch = {},
) {
  return testConfig(
    {
      DATABASE_URL: ctx.url,
      PORT: "0",
      HOST: "127.0.0.1",
      AI_BASE_URL: providerUrl,
      AI_API_KEY: "sk-test-key",
      ...env,
    },
    patched<ConfigPatch>({ ai: { timeoutMs: 3000 } }, patch),
  );
}

/** The person chooses 自动整理 on (a new account has not chosen: off). */
export async function chooseAutoTidy(ctx: TestCtx, user: TestUser): Promise<void> {
  const res = await call(ctx, "PATCH", "/api/profile", {
    token: user.token,
    body: { settings: { autoTidy: true } },
  });
  if (res.status !== 200) throw new Error(`autoTidy: ${res.status}`);
}
