import { createHash } from "node:crypto";
import type { AppDeps } from "../../context.ts";
import { usesPgvector } from "../../db/pgvector.ts";
import type { EmbeddingConfig } from "../../env.ts";
import { ApiError } from "../../errors.ts";
import { refund, type SpendResult, settleSpend, spend } from "../../points/points.ts";
import { ProviderError } from "../../shared/openai/chat.ts";
import { embedTexts } from "../../shared/openai/embeddings.ts";
import {
  type Claimed,
  claimDue,
  clearQueue,
  deleteVectors,
  dropClaimed,
  type EmbedSource,
  enqueueMissing,
  type NewVector,
  readSources,
  releaseClaimed,
  storedHashes,
  storeVectors,
} from "../embeddings.store.ts";
import { quantize, unit } from "./quantize.ts";

/** What of each item is sent (AI_EMBEDDING_BATCH of them a call): a call's work stays bounded. */
export const MAX_EMBED_CHARS = 2_000;
/** A failing item is tried this often, then left alone until its text changes. */
const MAX_ATTEMPTS = 8;
const POLL_MS = 1_000;
const NO_POINTS_DELAY_MS = 60 * 60_000;
const CLEAR_EVERY_MS = 10 * 60_000;
/** The provider refused the input itself (too long, malformed): retrying the same batch cannot help. */
const REFUSED_INPUT = new Set([400, 413, 422]);

/** 5 s, 20 s, 80 s … at most an hour between tries of a failing item. */
export const defaultBackoffMs = (attempts: number) => Math.min(5_000 * 4 ** (attempts - 1), 3_600_000);

/** What is sent for an item: its title, tags and the start of its text. */
export function embedText(s: Pick<EmbedSource, "title" | "tags" | "content">): string {
  const tags = s.tags.map((t) => `#${t}`).join(" ");
  return [s.title, tags, s.content]
    .filter((p) => p.trim())
    .join("\n")
    .slice(0, MAX_EMBED_CHARS);
}

const hashOf = (text: string) => createHash("sha256").update(text).digest();

type RunOptions = { backoffMs?: (attempts: number) => number };

/**
 * Works the queue until nothing is due: claims a batch (any user's; each item by one process),
 * sends the texts that changed, stores their vectors. A failed call puts its items back with
 * backoff; a process that dies leaves them leased until the lease runs out. Returns the number of
 * vectors stored.
 */
export async function runEmbeddingQueue(deps: AppDeps, options: RunOptions = {}): Promise<number> {
  const config = deps.config.embedding;
  if (!config) return 0;
  const leaseMs = config.timeoutMs * (config.maxRetries + 1) + 30_000;
  let stored = 0;
  while (!deps.work.signal.aborted) {
    const claimed = await claimDue(deps.db, config.batch, leaseMs, deps.config.aiTidyGraceMs);
    if (claimed.length === 0) break;
    stored += await embedBatch(deps, config, claimed, options.backoffMs ?? defaultBackoffMs);
  }
  return stored;
}

async function embedBatch(
  deps: AppDeps,
  config: EmbeddingConfig,
  claimed: Claimed[],
  backoffMs: (attempts: number) => number,
): Promise<number> {
  const { db } = deps;
  const ids = claimed.map((c) => c.id);
  const sources = new Map((await readSources(db, ids, MAX_EMBED_CHARS)).map((s) => [s.id, s]));
  // deleted, or not to be sent (不让AI读取, a note from such an idea): off the queue, no vector
  const gone = claimed.filter((c) => !sources.has(c.id));
  await deleteVectors(
    db,
    gone.map((c) => c.id),
  );
  const stored = await storedHashes(db, ids);
  const texts = new Map(
    claimed.filter((c) => sources.has(c.id)).map((c) => [c.id, embedText(sources.get(c.id)!)]),
  );
  const unchanged = claimed.filter((c) => {
    const text = texts.get(c.id);
    const have = stored.get(c.id);
    return text !== undefined && have?.model === config.model && have.hash.equals(hashOf(text));
  });
  const tooOften = claimed.filter((c) => c.attempts > MAX_ATTEMPTS);
  await dropClaimed(db, [...gone, ...unchanged, ...tooOften]);
  const skip = new Set([...gone, ...unchanged, ...tooOften].map((c) => c.id));
  const todo = claimed.filter((c) => !skip.has(c.id) && texts.get(c.id));
  const empty = claimed.filter((c) => !skip.has(c.id) && !texts.get(c.id));
  await dropClaimed(db, empty); // nothing to embed
  if (todo.length === 0) return 0;

  const { paid, unpaid, spends } = await payFor(deps, todo);
  await releaseClaimed(
    db,
    unpaid.map((c) => c.id),
    NO_POINTS_DELAY_MS,
    { countAttempt: false },
  );
  if (paid.length === 0) return 0;
  let vectors: number[][];
  try {
    vectors = await embedTexts(
      config,
      paid.map((c) => texts.get(c.id)!),
      deps.work.signal,
    );
  } catch (err) {
    deps.logger.warn("embedding call failed", { err, items: paid.length });
    await Promise.all(spends.map((s) => refund(db, s.userId, s.spent, "向量服务失败")));
    // one text the provider refuses must not hold the others back: each alone, once
    if (err instanceof ProviderError && REFUSED_INPUT.has(err.status) && paid.length > 1) {
      let saved = 0;
      for (const c of paid) saved += await embedBatch(deps, config, [c], backoffMs);
      return saved;
    }
    const attempts = Math.max(...paid.map((c) => c.attempts));
    await releaseClaimed(
      db,
      paid.map((c) => c.id),
      backoffMs(attempts),
    );
    return 0;
  }
  const rows: NewVector[] = paid.map((c, i) => {
    const q = quantize(vectors[i]!);
    const u = unit(vectors[i]!);
    const text = texts.get(c.id)!;
    const vec = Buffer.from(q.bytes.buffer, q.bytes.byteOffset, q.bytes.byteLength);
    return {
      id: c.id,
      ticket: c.ticket,
      userId: c.user_id,
      type: c.type,
      hash: hashOf(text),
      dims: q.bytes.length,
      scale: q.scale,
      vec,
      unit: u,
    };
  });
  const saved = await storeVectors(db, config.model, rows, { pgvector: await usesPgvector(db) });
  await Promise.all(spends.map((s) => settleSpend(db, s.spent)));
  return saved;
}

type UserSpend = { userId: string; spent: SpendResult & { cost: number } };

/** embedItemPoints per item, each user for their own; a user without enough points waits an hour. */
async function payFor(deps: AppDeps, todo: Claimed[]) {
  const cost = deps.config.points.embedItem;
  if (cost === 0) return { paid: todo, unpaid: [] as Claimed[], spends: [] as UserSpend[] };
  const byUser = new Map<string, Claimed[]>();
  for (const c of todo) byUser.set(c.user_id, [...(byUser.get(c.user_id) ?? []), c]);
  const paid: Claimed[] = [];
  const unpaid: Claimed[] = [];
  const spends: UserSpend[] = [];
  for (const [userId, items] of byUser) {
    const total = cost * items.length;
    try {
      const spent = await spend(deps.db, userId, total, "embed_items", { openForMs: 10 * 60_000 });
      spends.push({ userId, spent: { ...spent, cost: total } });
      paid.push(...items);
    } catch (err) {
      if (!(err instanceof ApiError && err.code === "INSUFFICIENT_POINTS")) throw err;
      unpaid.push(...items);
    }
  }
  return { paid, unpaid, spends };
}

/**
 * The process's background embedding: at start, queues what has no vector of the configured model
 * (items from before, or all of them after a model change), then works the queue whenever items
 * come due. With no model configured, the queue is emptied instead (at start, then every 10 minutes)
 * of the items that have no vector.
 */
export async function startEmbeddingWorker(deps: AppDeps): Promise<void> {
  const config = deps.config.embedding;
  if (!config) {
    // the triggers still queue every write (at most a row an item): trimmed now and then
    const clear = async () => {
      await clearQueue(deps.db).catch((err) => deps.logger.warn("embedding queue clear failed", { err }));
      deps.work.later(CLEAR_EVERY_MS, clear);
    };
    await clear();
    return;
  }
  deps.logger.info("embeddings on", {
    model: config.model,
    comparison: (await usesPgvector(deps.db))
      ? "pgvector, in SQL"
      : "int8 vectors compared in the server process (no pgvector)",
  });
  const queued = await enqueueMissing(deps.db, config.model);
  if (queued) deps.logger.info("items queued for embedding", { items: queued, model: config.model });
  const poll = () =>
    deps.work.later(POLL_MS, async () => {
      await runEmbeddingQueue(deps).catch((err) => deps.logger.warn("embedding queue failed", { err }));
      poll();
    });
  poll();
}
