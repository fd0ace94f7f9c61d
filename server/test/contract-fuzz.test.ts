import {
  type Endpoint,
  type EndpointName,
  ErrorEnvelopeSchema,
  endpoints,
  successEnvelope,
} from "@shinian/contract";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { askAll, withProvider } from "./ai/helpers.ts";
import { type Base, fuzzCases } from "./fuzz-cases.ts";
import { call, onOneDatabase, request, type TestCtx, type TestUser } from "./helpers.ts";
import { userSnapshot, userSnapshotDigest } from "./user-snapshot.ts";
import { modelReply, registerQuietUser, validRequests } from "./valid-requests.ts";

/**
 * Property-based fuzzing of every endpoint of the contract (issue 14): each request breaks the
 * valid one somewhere (types, missing and unknown fields, huge, empty, NUL and lone-surrogate
 * text, JSON that is not, content types, cursors, `__proto__`, path ids, the kind of token).
 * Every answer is below 500, a refusal is the error envelope with a Chinese message, and after
 * every request all the user's rows are as they were. FUZZ_RUNS sets the requests per endpoint
 * (CI: the default), FUZZ_SEED the seed (fixed, so a CI failure replays).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 14);
const CJK = /[\u4e00-\u9fff]/;

/** Endpoints with nothing to break: any request is a valid one. */
const NOTHING_TO_BREAK: Partial<Record<EndpointName, string>> = {
  logout: "takes no input, and any request ends the session by design",
};

type Fixture = { owner: TestUser; captureToken: string; bases: Map<EndpointName, Base> };

async function fixture(ctx: TestCtx): Promise<Fixture> {
  const owner = await registerQuietUser(ctx);
  const { token: captureToken } = (
    await request(ctx, "createCaptureToken", { token: owner.token, body: { name: "快捷指令" } })
  ).body.data;
  const conversation = await request(ctx, "createConversation", { token: owner.token, body: {} });
  await askAll(ctx, owner, conversation.body.data.id, "陶艺课怎么开始？");
  const bases = new Map<EndpointName, Base>();
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const made = await validRequests[name](ctx, owner);
    bases.set(name, { ...(made as Omit<Base, "cursors">), cursors: [] });
  }
  const cursors = await Promise.all(
    (["listIdeas", "listNotes", "feed", "listLedger"] as const).map(
      async (name) =>
        (await request(ctx, name, { token: owner.token, query: { limit: 1 } })).body.data.nextCursor,
    ),
  );
  expect(cursors.every((c) => typeof c === "string")).toBe(true);
  for (const base of bases.values()) base.cursors = cursors as string[];
  return { owner, captureToken, bases };
}

onOneDatabase((plain) => {
  const ai = withProvider(plain, modelReply);
  let fx: Fixture;
  beforeAll(async () => {
    fx = await fixture(ai.ctx);
  }, 60_000);

  describe("contract fuzzing", () => {
    const names = (Object.keys(endpoints) as EndpointName[]).filter((n) => !NOTHING_TO_BREAK[n]);

    it.each(names)(
      "%s: refuses what the contract refuses, never a 5xx, in Chinese, changing nothing",
      async (name) => {
        const ctx = ai.ctx;
        const endpoint: Endpoint = endpoints[name];
        const method = endpoint.method.toUpperCase();
        const before = await userSnapshot(ctx, fx.owner.id);
        const unchanged = await userSnapshotDigest(ctx, fx.owner.id);
        const asked = ai.fake.received.length;
        const tokens = { session: fx.owner.token, capture: fx.captureToken };
        const answer = endpoint.produces ? undefined : successEnvelope(endpoint.data ?? z.null());

        await fc.assert(
          fc.asyncProperty(fuzzCases(endpoint, fx.bases.get(name)!), async (c) => {
            const res = await call(ctx, method, c.query ? `${c.path}?${c.query}` : c.path, {
              token: tokens[c.token],
              headers: c.contentType === undefined ? {} : { "content-type": c.contentType },
              raw: c.body,
            });
            const what = `${method} ${fc.stringify(c)} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
            expect(res.status, what).toBeLessThan(500);
            if (!c.accepted) expect(res.status, what).toBeGreaterThanOrEqual(400);
            if (res.status >= 400) {
              expect(ErrorEnvelopeSchema.safeParse(res.body).success, what).toBe(true);
              expect(res.body.message, what).toMatch(CJK);
            } else if (answer) {
              expect(answer.safeParse(res.body).success, what).toBe(true);
            }
            // the whole snapshot, for the difference it shows, only when its digest moved
            if ((await userSnapshotDigest(ctx, fx.owner.id)) !== unchanged) {
              expect(await userSnapshot(ctx, fx.owner.id), what).toEqual(before);
            }
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
        // nothing refused reached the AI provider
        expect(ai.fake.received.length).toBe(asked);
      },
      30_000 + RUNS * 50, // a few ms a request here; FUZZ_RUNS may ask for many
    );

    it("leaves out only the endpoints that take no input", () => {
      for (const name of Object.keys(NOTHING_TO_BREAK) as EndpointName[]) {
        const e = endpoints[name] as (typeof endpoints)[EndpointName];
        expect({ name, body: "body" in e, query: "query" in e, params: e.path.includes("{") }).toEqual({
          name,
          body: false,
          query: false,
          params: false,
        });
      }
    });
  });
});
