/**
 * What one running server answers for the set: search rankings, related lists, and the items a
 * 本地模式 chat cites for each time question. Each returns null when the server has no such
 * feature (an endpoint that answers 404, a field the answer lacks), so the report says "n/a".
 */
import type { Api } from "./client.ts";
import type { SetItem, SetQuery, TimeQuestion } from "./search-set.ts";

/** Server ids ↔ set keys for one account. */
export type Ids = { keyOf: Map<string, string>; idOf: Map<string, string>; items: Map<string, SetItem> };

export type Ranking = { keys: string[]; matchedBy: (string | undefined)[] };

export async function searchRankings(api: Api, ids: Ids, queries: SetQuery[]): Promise<Ranking[]> {
  const rankings: Ranking[] = [];
  for (const query of queries) {
    const { items } = await api.request("search", { query: { q: query.q, limit: 10 } });
    rankings.push({
      keys: items.map((i) => ids.keyOf.get(i.id) ?? `?${i.id}`),
      matchedBy: items.map((i) => (i as { matchedBy?: string }).matchedBy),
    });
  }
  return rankings;
}

/** The related list of every key in the groups, or null when the endpoint does not exist. */
export async function relatedLists(
  api: Api,
  ids: Ids,
  keys: string[],
): Promise<Map<string, string[]> | null> {
  const lists = new Map<string, string[]>();
  for (const key of keys) {
    const type = ids.items.get(key)!.type;
    const res = await api.raw("GET", `/api/${type}s/${ids.idOf.get(key)}/related`);
    if (res.status === 404) return null;
    if (res.status !== 200) throw new Error(`related of ${key}: ${res.status} ${JSON.stringify(res.body)}`);
    const items = (res.body as { data: { items: { id: string }[] } }).data.items;
    lists.set(
      key,
      items.map((i) => ids.keyOf.get(i.id) ?? `?${i.id}`),
    );
  }
  return lists;
}

export type TimeAnswer = { question: TimeQuestion; cited: string[]; error?: string };

/** Asks each question in a new conversation and reads the keys of the items the answer cites. */
export async function timeAnswers(api: Api, ids: Ids, questions: TimeQuestion[]): Promise<TimeAnswer[]> {
  const answers: TimeAnswer[] = [];
  for (const question of questions) {
    const conversation = await api.request("createConversation", { body: {} });
    const events = await api.events(`/api/chat/conversations/${conversation.id}/messages`, {
      content: question.question,
    });
    const done = events.find((e) => e.event === "done")?.data as
      | { message: { citations: { id: string }[]; mode: string } }
      | undefined;
    if (!done) {
      answers.push({ question, cited: [], error: JSON.stringify(events.at(-1)) });
      continue;
    }
    if (done.message.mode !== "offline")
      throw new Error("the chat is not in 本地模式: unset AI_BASE_URL/AI_API_KEY");
    answers.push({ question, cited: done.message.citations.map((c) => ids.keyOf.get(c.id) ?? `?${c.id}`) });
  }
  return answers;
}

export type EmbeddingState =
  | { available: false }
  | { available: true; enabled: boolean; pending: number; waitedMs: number };

/**
 * Polls GET /api/ai/status until no item waits to be embedded (or the time is up). A queue may be
 * filled a moment after the import, so 0 counts once every item was sent to the provider
 * (`allSent`, when the provider can tell) or once it has stayed 0 for 3 s.
 */
export async function waitForEmbeddings(
  api: Api,
  timeoutMs: number,
  allSent: () => boolean = () => false,
): Promise<EmbeddingState> {
  const started = Date.now();
  let zeroSince: number | null = null;
  for (;;) {
    const status = (await api.request("aiStatus")) as { embeddings?: { enabled: boolean; pending: number } };
    if (!status.embeddings) return { available: false };
    const { enabled, pending } = status.embeddings;
    const now = Date.now();
    zeroSince = pending === 0 ? (zeroSince ?? now) : null;
    const settled = zeroSince !== null && (allSent() || now - zeroSince >= 3000);
    if (!enabled || settled || now - started > timeoutMs) {
      return { available: true, enabled, pending, waitedMs: now - started };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
