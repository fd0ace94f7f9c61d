import { type EndpointName, ErrorEnvelopeSchema, endpoints, fillPath } from "@shinian/contract";
import { describe, expect, it } from "vitest";
import { withProvider } from "./ai/helpers.ts";
import { call, onOneDatabase, type Res, type TestCtx } from "./helpers.ts";
import { userSnapshot } from "./user-snapshot.ts";
import { modelReply, registerQuietUser, validRequests } from "./valid-requests.ts";

/**
 * The cross-user matrix (issue 14), generated from the contract: every endpoint whose path names
 * something by id is called by another signed-in user with the first user's ids, alone and mixed
 * with the caller's own, and must answer 404 and change nothing for either. Each request is first
 * shown to be valid: its owner's answer is a success.
 */

/** Endpoints that take an id and are public by design. */
const PUBLIC_BY_DESIGN: Partial<Record<EndpointName, string>> = {
  getAvatar: "an <img> sends no token: served under an unguessable key that changes on every upload",
  getFile: "an <img> sends no token: a URL signed for that file's owner, short-lived (attachments.test.ts)",
  getFileThumb:
    "an <img> sends no token: a URL signed for that file's owner, short-lived (attachments.test.ts)",
};

const CJK = /[\u4e00-\u9fff]/;
const names = Object.keys(endpoints) as EndpointName[];
const takesId = names.filter((name) => endpoints[name].path.includes("{"));
const matrix = takesId.filter((name) => !PUBLIC_BY_DESIGN[name]);

type Made = { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };

function send(ctx: TestCtx, name: EndpointName, made: Made, token: string): Promise<Res> {
  const { method, path } = endpoints[name];
  const query = new URLSearchParams(Object.entries(made.query ?? {}).map(([k, v]) => [k, String(v)]));
  return call(ctx, method.toUpperCase(), `${fillPath(path, made.params)}${query.size ? `?${query}` : ""}`, {
    token,
    body: made.body,
  });
}

/** Every way to take some of the parameters from the owner and the rest from the caller. */
function foreignChoices(params: string[]): string[][] {
  const sets: string[][] = [[]];
  for (const p of params) for (const set of sets.slice()) sets.push([...set, p]);
  return sets.filter((set) => set.length > 0);
}

/** Every uuid-shaped string in a JSON value. */
const uuidsIn = (value: unknown): Set<string> =>
  new Set(
    JSON.stringify(value ?? null).match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g),
  );

/** The ids of the rows a user owns, from a snapshot. */
const idsIn = (snapshot: Record<string, unknown[]>): Set<string> =>
  new Set(
    Object.values(snapshot)
      .flat()
      .map((row) => (row as { id?: unknown }).id)
      .filter((id): id is string => typeof id === "string"),
  );

onOneDatabase((plain) => {
  // a SECRET_KEY: the webhooks an owner may test
  const ai = withProvider(plain, modelReply, { SECRET_KEY: "cross-user-test-key-0123456789abcdefgh" });

  describe("cross-user matrix", () => {
    it("covers every endpoint that takes an id, public ones only by name", () => {
      expect(matrix.length).toBeGreaterThanOrEqual(15);
      for (const name of takesId) expect(validRequests[name], name).toBeTypeOf("function");
      for (const name of Object.keys(PUBLIC_BY_DESIGN)) expect(takesId).toContain(name);
    });

    it.each(matrix)("%s: another user's ids answer 404 and change nothing", async (name) => {
      const ctx = ai.ctx;
      const owner = await registerQuietUser(ctx);
      const other = await registerQuietUser(ctx);
      const mine: Made = await validRequests[name](ctx, owner);
      const theirs: Made = await validRequests[name](ctx, other);
      const before = [await userSnapshot(ctx, owner.id), await userSnapshot(ctx, other.id)];
      const asked = ai.fake.received.length;

      // the ids: a kind (itemBacklinks' `type`) is no one's
      const params = Object.keys(mine.params ?? {}).filter((p) => p === "id" || p.endsWith("Id"));
      expect(params.length, name).toBeGreaterThan(0);
      for (const foreign of foreignChoices(params)) {
        const mixed = {
          ...mine.params,
          ...Object.fromEntries(
            params.map((p) => [p, (foreign.includes(p) ? mine.params : theirs.params)![p]!]),
          ),
        };
        const res = await send(ctx, name, { ...mine, params: mixed }, other.token);
        const what = `${name} with the owner's ${foreign.join(", ")}: ${res.status} ${JSON.stringify(res.body)}`;
        expect(res.status, what).toBe(404);
        expect(ErrorEnvelopeSchema.parse(res.body).code, what).toBe("NOT_FOUND");
        expect(res.body.message, what).toMatch(CJK);
        expect([await userSnapshot(ctx, owner.id), await userSnapshot(ctx, other.id)], what).toEqual(before);
      }
      expect(ai.fake.received.length, "a refused request reached the AI provider").toBe(asked);

      // The same request from its owner is a success: the 404 was about whose the ids are.
      const own = await send(ctx, name, mine, owner.token);
      expect(own.status, `${name} by its owner: ${JSON.stringify(own.body)}`).toBeLessThan(300);
    });

    it("another user's ids in a body or query: a call that changes data answers 404, a list shows none of them", async () => {
      const ctx = ai.ctx;
      const checked: EndpointName[] = [];
      const owner = await registerQuietUser(ctx);
      const other = await registerQuietUser(ctx);
      for (const name of names.filter((n) => !takesId.includes(n))) {
        const mine: Made = await validRequests[name](ctx, owner);
        const [ownerBefore, otherBefore] = [
          await userSnapshot(ctx, owner.id),
          await userSnapshot(ctx, other.id),
        ];
        const before = [ownerBefore, otherBefore];
        const ownerIds = idsIn(ownerBefore);
        const named = [...uuidsIn({ body: mine.body, query: mine.query })].filter((id) => ownerIds.has(id));
        if (named.length === 0) continue;
        checked.push(name);

        const res = await send(ctx, name, mine, other.token);
        const what = `${name} naming the owner's ${named.join(", ")}: ${res.status} ${JSON.stringify(res.body)}`;
        if (name === "resolveLinks") {
          // a read that names what it was asked about: another person's item is as good as deleted
          expect(res.status, what).toBe(200);
          for (const item of res.body.data.items)
            expect(item, what).toMatchObject({ state: "deleted", title: "" });
        } else if (endpoints[name].method === "get") {
          expect(res.status, what).toBe(200);
          for (const id of ownerIds) expect(JSON.stringify(res.body), what).not.toContain(id);
        } else {
          expect(res.status, what).toBe(404);
          expect(res.body.message, what).toMatch(CJK);
        }
        expect([await userSnapshot(ctx, owner.id), await userSnapshot(ctx, other.id)], what).toEqual(before);
        const own = await send(ctx, name, mine, owner.token);
        expect(own.status, `${name} by its owner: ${JSON.stringify(own.body)}`).toBeLessThan(300);
      }
      expect(checked.sort()).toEqual([
        "composeNote",
        "createConversation",
        "createNote",
        "editItems",
        "listConversations",
        "resolveLinks",
      ]);
    });
  });
});
