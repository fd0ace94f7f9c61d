import { randomUUID } from "node:crypto";
import { afterAll, expect, it } from "vitest";
import {
  type ChildServer,
  freshDatabase,
  killAllChildren,
  killGroup,
  seededRandom,
  startChildServer,
  stopChild,
} from "./child-server.ts";
import { onOneDatabase, PASSWORD } from "./helpers.ts";

// Small in CI; CRASH_RUNS=20 (and CRASH_SEED=$RANDOM for other moments) explores further.
const RUNS = Number(process.env.CRASH_RUNS ?? 3);
const SEED = Number(process.env.CRASH_SEED ?? 14);
const WRITERS_PER_USER = 2;

type User = { token: string; account: string };
/** One capture as its client knows it: the idea's id once an answer said 201 or 200. */
type Capture = { user: User; clientId: string; content: string; round: number; ideaId: string | null };

const post = (base: string, user: User, body: unknown) =>
  fetch(`${base}/api/ideas`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${user.token}` },
    body: JSON.stringify(body),
  });

async function register(base: string, account: string): Promise<User> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ account, password: PASSWORD, agreeTerms: true }),
  });
  expect(res.status).toBe(201);
  return { token: (await res.json()).data.token, account };
}

/** Captures one after another until the server is gone; anything but 201 is recorded as a failure. */
async function writer(
  base: string,
  user: User,
  label: string,
  round: number,
  captures: Capture[],
  failures: string[],
) {
  for (let i = 0; ; i++) {
    const capture: Capture = {
      user,
      clientId: randomUUID(),
      content: `崩溃测试 ${label}-${i}`,
      round,
      ideaId: null,
    };
    captures.push(capture);
    try {
      const res = await post(base, user, { content: capture.content, clientId: capture.clientId });
      const body = await res.json();
      if (res.status !== 201) failures.push(`${res.status} ${JSON.stringify(body)}`);
      else capture.ideaId = body.data.id; // acknowledged: the client now drops it from its queue
    } catch {
      return; // the server went away: this capture's fate is unknown to its client
    }
  }
}

/** Every idea of the user as the server lists it (pages of 100). */
type Listed = { id: string; clientId: string | null; originalContent: string };
async function allIdeas(base: string, user: User) {
  const ideas: Listed[] = [];
  let cursor: string | null = null;
  do {
    const res: Response = await fetch(`${base}/api/ideas?limit=100${cursor ? `&cursor=${cursor}` : ""}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    const page: { items: Listed[]; nextCursor: string | null } = (await res.json()).data;
    ideas.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return ideas;
}

/**
 * After a restart: every acknowledged capture is there exactly once, under the id its answer gave;
 * replaying an unacknowledged one (as the client's queue does) makes at most one idea, and a
 * replayed acknowledged one makes none. Then every capture ever sent is exactly one idea.
 */
async function checkAfterRestart(child: ChildServer, users: User[], captures: Capture[], round: number) {
  const where = `round ${round} (CRASH_SEED=${SEED})`;
  const replayed = { committed: 0, lost: 0 }; // unacknowledged captures the server had, or had not, saved
  for (const user of users) {
    const mine = captures.filter((c) => c.user === user);
    const byClient = new Map<string | null, Listed[]>();
    for (const i of await allIdeas(child.base, user))
      byClient.set(i.clientId, [...(byClient.get(i.clientId) ?? []), i]);
    for (const c of mine.filter((c) => c.ideaId)) {
      expect(
        byClient.get(c.clientId)?.map((i) => [i.id, i.originalContent]),
        where,
      ).toEqual([[c.ideaId, c.content]]);
    }
    for (const c of mine.filter((c) => !c.ideaId)) {
      expect(byClient.get(c.clientId)?.length ?? 0, where).toBeLessThanOrEqual(1);
      const res = await post(child.base, user, { content: c.content, clientId: c.clientId });
      const committed = byClient.get(c.clientId)?.[0];
      expect(res.status, where).toBe(committed ? 200 : 201);
      c.ideaId = (await res.json()).data.id;
      if (committed) expect(c.ideaId, where).toBe(committed.id);
      replayed[committed ? "committed" : "lost"]++;
    }
    for (const c of mine.filter((c) => c.round === round).slice(0, 3)) {
      const res = await post(child.base, user, { content: "重放", clientId: c.clientId });
      expect([res.status, (await res.json()).data.id], where).toEqual([200, c.ideaId]);
    }
    const after = await allIdeas(child.base, user);
    expect(after.map((i) => i.id).sort(), where).toEqual(mine.map((c) => c.ideaId).sort());
  }
  return replayed;
}

onOneDatabase((ctx) => {
  afterAll(killAllChildren);

  it(`keeps every acknowledged capture exactly once through ${RUNS} SIGKILLs of the server's process group`, {
    timeout: 30_000 + RUNS * 15_000,
  }, async () => {
    const random = seededRandom(SEED);
    const db = await freshDatabase(ctx, "shinian_crash");
    // the per-user write limit would refuse this many captures a minute
    const env = { DATABASE_URL: db.url, RATE_CAPTURES: "0" };
    try {
      let child = await startChildServer(env);
      const users = await Promise.all(
        ["a", "b", "c"].map((n) => register(child.base, `crash-${n}@example.cn`)),
      );
      const captures: Capture[] = [];
      const failures: string[] = [];
      for (let round = 0; round < RUNS; round++) {
        const base = child.base;
        const writers = users.flatMap((u, n) =>
          Array.from({ length: WRITERS_PER_USER }, (_, w) =>
            writer(base, u, `${round}.${n}.${w}`, round, captures, failures),
          ),
        );
        const thisRound = () => captures.filter((c) => c.round === round);
        // once every account's captures are being acknowledged, at a moment the seed picks
        while (!failures.length && !users.every((u) => thisRound().some((c) => c.user === u && c.ideaId))) {
          await new Promise((r) => setTimeout(r, 10));
        }
        await new Promise((r) => setTimeout(r, random() * 800));
        await killGroup(child);
        await Promise.all(writers);
        expect(failures).toEqual([]);
        // each writer had one capture in flight, its answer lost
        expect(thisRound().filter((c) => !c.ideaId)).toHaveLength(users.length * WRITERS_PER_USER);
        const started = performance.now();
        child = await startChildServer(env);
        const restartMs = performance.now() - started;
        const replayed = await checkAfterRestart(child, users, captures, round);
        if (process.env.CRASH_VERBOSE)
          console.log({ round, captures: thisRound().length, replayed, restartMs });
      }
      expect(await stopChild(child)).toBe(0);
    } finally {
      killAllChildren();
      await db.drop();
    }
  });
});
