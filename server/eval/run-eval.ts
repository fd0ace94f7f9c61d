/**
 * The evaluation end to end: the real server (`node server/src/index.ts`, as a child process on a
 * fresh database) twice — without embeddings (keyword) and with them (hybrid) — the set imported
 * into a new account on each, every query, related list and time question asked over HTTP, and
 * the vector mode ranked here by cosine of the same provider's vectors.
 */
import { killAllChildren, startChildServer, stopChild } from "../test/child-server.ts";
import { type Api, api } from "./client.ts";
import type { Embedder } from "./embedders.ts";
import { cosine } from "./fake-embedder.ts";
import { importSet } from "./load-set.ts";
import {
  type EmbeddingState,
  type Ids,
  type Ranking,
  relatedLists,
  searchRankings,
  type TimeAnswer,
  timeAnswers,
  waitForEmbeddings,
} from "./measure.ts";
import { beijingDayOf, daysBetween } from "./metrics.ts";
import type { SearchSet } from "./search-set.ts";

export type FreshDatabase = (
  label: string,
) => Promise<{ env: Record<string, string>; drop(): Promise<void> }>;

export type EvalOptions = {
  set: SearchSet;
  embedder: Embedder;
  freshDatabase: FreshDatabase;
  /** The Beijing day of the run (default: today). */
  today?: string;
  /** Longest wait for the hybrid server's embedding queue to empty. */
  embedTimeoutMs?: number;
  log?: (line: string) => void;
};

/** What one server answered; `related` null when it has no related endpoints. */
export type ServerRun = {
  rankings: Ranking[];
  related: Map<string, string[]> | null;
  time: TimeAnswer[];
  embeddings: EmbeddingState;
};

export type EvalRun = {
  set: SearchSet;
  today: string;
  shiftDays: number;
  embedderLabel: string;
  keyword: ServerRun;
  hybrid: ServerRun;
  vector: Ranking[];
  /** Texts the hybrid server sent to the embedder (null when the embedder cannot count). */
  embeddedTexts: number | null;
};

const SERVER_ENV = {
  // one account asks everything as fast as it can: no per-user write or search limits
  RATE_CHAT: "0",
  RATE_UPLOADS: "0",
  RATE_CAPTURES: "0",
  // items are embedded at once, not AI_TIDY_GRACE after the import (a privacy wait, not quality)
  AI_TIDY_GRACE: "0",
};

export async function runSearchEval(options: EvalOptions): Promise<EvalRun> {
  const { set, embedder } = options;
  const log = options.log ?? (() => undefined);
  const today = options.today ?? beijingDayOf(new Date());
  const shiftDays = daysBetween(set.today, today);
  const onServer = async (label: string, env: Record<string, string>, embedTimeoutMs: number) => {
    const db = await options.freshDatabase(label);
    const child = await startChildServer({ ...SERVER_ENV, ...db.env, ...env }, { searchesPerUser: 0 });
    try {
      log(`${label}: server at ${child.base}; importing ${set.items.length} items`);
      const client = await signUp(child.base);
      const ids = toIds(set, await importSet(client, set.items, shiftDays));
      const embeddings = await waitForEmbeddings(client, embedTimeoutMs, () => {
        const sent = embedder.sentByServer();
        return sent !== null && sent >= set.items.length;
      });
      log(`${label}: embeddings ${JSON.stringify(embeddings)}; asking ${set.queries.length} queries`);
      const rankings = await searchRankings(client, ids, set.queries);
      const related = await relatedLists(client, ids, [...new Set(set.related.flatMap((g) => g.keys))]);
      const time = await timeAnswers(client, ids, set.timeQuestions);
      return { rankings, related, time, embeddings } satisfies ServerRun;
    } finally {
      await stopChild(child);
      await db.drop();
    }
  };
  try {
    const keyword = await onServer("keyword", {}, 0);
    const hybrid = await onServer("hybrid", embedder.env, options.embedTimeoutMs ?? 180_000);
    const embeddedTexts = embedder.sentByServer();
    log(`vector: embedding ${set.items.length} items and ${set.queries.length} queries`);
    const vector = await vectorRankings(set, embedder);
    return { set, today, shiftDays, embedderLabel: embedder.label, keyword, hybrid, vector, embeddedTexts };
  } finally {
    killAllChildren();
  }
}

async function signUp(base: string): Promise<Api> {
  const account = `eval${Date.now().toString(36)}@example.cn`;
  const session = await api(base).request("register", {
    body: { account, password: "eval-search-quality-17", agreeTerms: true },
  });
  return api(base, session.token);
}

function toIds(set: SearchSet, keyOf: Map<string, string>): Ids {
  return {
    keyOf,
    idOf: new Map([...keyOf].map(([id, key]) => [key, id])),
    items: new Map(set.items.map((i) => [i.key, i])),
  };
}

/** The vector mode: every item ranked by cosine to the query, as a vector-only search would. */
async function vectorRankings(set: SearchSet, embedder: Embedder): Promise<Ranking[]> {
  const itemVectors = await embedder.embedMany(
    set.items.map((i) => (i.title ? `${i.title}\n${i.text}` : i.text)),
  );
  const queryVectors = await embedder.embedMany(set.queries.map((q) => q.q));
  return queryVectors.map((qv) => {
    const keys = set.items
      .map((item, i) => ({ key: item.key, score: cosine(qv, itemVectors[i]!) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 10)
      .map((s) => s.key);
    return { keys, matchedBy: keys.map(() => "meaning") };
  });
}
