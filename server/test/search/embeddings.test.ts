import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { type AppDeps, systemClock } from "../../src/context.ts";
import { migrate } from "../../src/db/migrate.ts";
import { usesPgvector } from "../../src/db/pgvector.ts";
import { createPool, type Db } from "../../src/db/pool.ts";
import { createLogger } from "../../src/logger.ts";
import { meaningMatches, nearestItems } from "../../src/search/embeddings/nearest.ts";
import { runEmbeddingQueue, startEmbeddingWorker } from "../../src/search/embeddings/queue.ts";
import { cachedVectorBytes, nearestInProcess } from "../../src/search/embeddings/vector-index.ts";
import { claimDue, storeVectors } from "../../src/search/embeddings.store.ts";
import { fuse } from "../../src/search/hybrid.ts";
import { createBackgroundWork } from "../../src/shared/background-work.ts";
import { askAll, newConversation } from "../ai/helpers.ts";
import {
  type ConfigPatch,
  forEachDatabase,
  patched,
  registerUser,
  request,
  type TestCtx,
  testConfig,
} from "../helpers.ts";
import {
  FAKE_DIMS,
  type FakeEmbeddingProvider,
  startFakeEmbeddingProvider,
} from "../support/fake-embedding-provider.ts";

const silent = createLogger("silent");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

forEachDatabase((shared) => {
  // The queue serves every user: a database of its own, so that no other suite's items join it.
  const own = { db: undefined as unknown as Db, name: `shinian_emb_${randomBytes(4).toString("hex")}` };
  let fake: FakeEmbeddingProvider;
  const open: Db[] = [];
  beforeAll(async () => {
    await shared.db.query(`CREATE DATABASE ${own.name}`);
    own.db = pool();
    await migrate(own.db, silent);
    fake = await startFakeEmbeddingProvider();
  });
  afterAll(async () => {
    await fake.close();
    await Promise.all(open.map((p) => p.end()));
    await shared.db.query(`DROP DATABASE ${own.name} WITH (FORCE)`);
  });
  function pool(): Db {
    const c = shared.poolConfig;
    const config = c.connectionString
      ? {
          connectionString: Object.assign(new URL(c.connectionString), {
            pathname: `/${own.name}`,
          }).toString(),
        }
      : { ...c, database: own.name };
    const db = createPool({ ...config, max: 4 }, silent);
    open.push(db);
    return db;
  }
  /** One server process with embeddings on (`db`: a pool of its own, as after a restart). */
  function process(
    model = "fake-embed",
    db = own.db,
    env: Record<string, string> = {},
    patch: ConfigPatch = {},
  ): { deps: AppDeps; ctx: TestCtx } {
    const config = testConfig(
      { AI_EMBEDDING_BASE_URL: fake.url, AI_EMBEDDING_MODEL: model, AI_EMBEDDING_BATCH: "32", ...env },
      patched<ConfigPatch>({ embedding: { timeoutMs: 2000, maxRetries: 0 } }, patch),
    );
    const deps: AppDeps = { config, db, logger: silent, work: createBackgroundWork(), clock: systemClock };
    return { deps, ctx: { ...shared, db, config, app: createApp(deps) } };
  }
  const drain = (deps: AppDeps, backoffMs = 0) => runEmbeddingQueue(deps, { backoffMs: () => backoffMs });
  const capture = async (ctx: TestCtx, token: string, content: string, aiExcluded = false) =>
    (await request(ctx, "createIdea", { token, body: { content, aiExcluded } })).body.data.id;
  const pending = async (ctx: TestCtx, token: string) =>
    (await request(ctx, "aiStatus", { token })).body.data.embeddings.pending;
  const sent = (from = 0) => fake.requests.slice(from).flatMap((r) => r.input);

  it("the queue survives a failed call and a process that died holding a batch", async () => {
    const a = process();
    const u = await registerUser(a.ctx);
    for (const text of ["第一条：周末去西湖边跑步", "第二条：想学做饭", "第三条：整理书单"]) {
      await capture(a.ctx, u.token, text);
    }
    expect(await pending(a.ctx, u.token)).toBe(3);
    const from = fake.requests.length;
    fake.failNext(1);
    expect(await drain(a.deps, 200)).toBe(0); // failed, and not due again for 200 ms
    expect(await pending(a.ctx, u.token)).toBe(3);
    // another process claims the batch after the backoff, then dies before storing anything
    await sleep(250);
    expect(await claimDue(pool(), 32, 300, 0)).toHaveLength(3);
    const b = process("fake-embed", pool()); // a restarted process: nothing is due while leased
    expect(await drain(b.deps)).toBe(0);
    await sleep(350); // the lease runs out
    expect(await drain(b.deps)).toBe(3);
    expect(await pending(b.ctx, u.token)).toBe(0);
    expect(fake.requests.length - from).toBe(2);
    expect(sent(from).filter((t) => t.startsWith("第一条"))).toHaveLength(2); // the failed call, then the one that stored
    // an unchanged text is not sent again; an edited one is
    const [first] = (await request(b.ctx, "search", { token: u.token, query: { q: "西湖", limit: 20 } })).body
      .data.items;
    await request(b.ctx, "updateIdea", { token: u.token, params: { id: first!.id }, body: { tags: [] } });
    await request(b.ctx, "updateIdea", {
      token: u.token,
      params: { id: first!.id },
      body: { content: "改过了：湖边夜跑" },
    });
    const before = fake.requests.length;
    expect(await drain(b.deps)).toBe(1);
    expect(sent(before)).toEqual(["改过了：湖边夜跑"]);
  });

  it("sends nothing for AI_TIDY_GRACE after a write: an idea marked 不让AI读取 in that time is never sent", async () => {
    const { deps, ctx } = process("fake-embed", own.db, { AI_TIDY_GRACE: "1500ms" });
    const u = await registerUser(ctx);
    const secret = await capture(ctx, u.token, "宽限期内改了主意：银行卡密码提示");
    await capture(ctx, u.token, "宽限期后可以发送的想法");
    const from = fake.requests.length;
    expect(await drain(deps)).toBe(0);
    await request(ctx, "updateIdea", { token: u.token, params: { id: secret }, body: { aiExcluded: true } });
    await sleep(1_600);
    expect(await drain(deps)).toBe(1);
    expect(sent(from)).toEqual(["宽限期后可以发送的想法"]);
  });

  it("embeddings off keeps the queue rows of items with a vector: a text edited meanwhile is embedded again", async () => {
    const on = process();
    const u = await registerUser(on.ctx);
    const id = await capture(on.ctx, u.token, "关掉向量之前写的");
    await drain(on.deps);
    await request(on.ctx, "updateIdea", {
      token: u.token,
      params: { id },
      body: { content: "关掉向量时改过的" },
    });
    const offConfig = testConfig();
    const off: AppDeps = { ...on.deps, config: offConfig, work: createBackgroundWork() };
    await startEmbeddingWorker(off);
    await off.work.close();
    const from = fake.requests.length;
    await drain(on.deps);
    expect(sent(from)).toContain("关掉向量时改过的");
  });

  it("a note's vector claimed before its idea is marked 不让AI读取 is not stored", async () => {
    const { ctx } = process();
    const u = await registerUser(ctx);
    const idea = await capture(ctx, u.token, "会被标记的想法");
    const note = (
      await request(ctx, "createNote", {
        token: u.token,
        body: { title: "笔记", content: "引用了它", sourceIdeaIds: [idea] },
      })
    ).body.data.id;
    const claimed = (await claimDue(own.db, 256, 60_000, 0)).filter((c) => c.id === note);
    expect(claimed).toHaveLength(1);
    await request(ctx, "updateIdea", { token: u.token, params: { id: idea }, body: { aiExcluded: true } });
    const c = claimed[0]!;
    const vec = {
      ...c,
      userId: c.user_id,
      hash: Buffer.alloc(32),
      dims: 4,
      scale: 1,
      vec: Buffer.alloc(4),
      unit: new Float32Array(4),
    };
    expect(await storeVectors(own.db, "fake-embed", [vec])).toBe(0);
  });

  it("counts a user's vectors once in the process's cache when two searches load them at once", async () => {
    const { deps, ctx } = process();
    const [a, b] = [await registerUser(ctx), await registerUser(ctx)];
    for (const u of [a, b]) for (const t of ["一", "二", "三"]) await capture(ctx, u.token, `缓存${t}`);
    await drain(deps);
    const query = new Float32Array(FAKE_DIMS).fill(1 / Math.sqrt(FAKE_DIMS));
    const near = (id: string) => nearestInProcess(own.db, id, "fake-embed", query, { limit: 3 });
    const before = cachedVectorBytes();
    await near(b.id);
    const one = cachedVectorBytes() - before;
    await Promise.all([near(a.id), near(a.id)]);
    expect(cachedVectorBytes() - before).toBe(2 * one);
  });

  it("a batch the provider refuses (400) is tried item by item, so one bad text holds no other back", async () => {
    const { deps, ctx } = process();
    const u = await registerUser(ctx);
    await capture(ctx, u.token, "这一条会被拒绝");
    await capture(ctx, u.token, "这一条没问题");
    const from = fake.requests.length;
    fake.failNext(2, 400); // the batch, then the first item alone
    expect(await drain(deps, 60_000)).toBe(1);
    expect(fake.requests.slice(from).map((r) => r.input.length)).toEqual([2, 1, 1]);
    expect(await pending(ctx, u.token)).toBe(1);
  });

  it("never sends an item marked 不让AI读取 nor a note written from one, and drops its vector", async () => {
    const { deps, ctx } = process();
    const u = await registerUser(ctx);
    const secret = await capture(ctx, u.token, "私密：体检报告的数字", true);
    const open = await capture(ctx, u.token, "公开：养了一只小猫");
    await request(ctx, "createNote", {
      token: u.token,
      body: { title: "私密笔记", content: "引用了体检报告", sourceIdeaIds: [secret] },
    });
    const from = fake.requests.length;
    await drain(deps);
    expect(sent(from).join("\n")).toContain("公开：养了一只小猫");
    expect(sent(from).join("\n")).not.toMatch(/私密|体检/);
    expect(await pending(ctx, u.token)).toBe(0);

    await request(ctx, "updateIdea", { token: u.token, params: { id: open }, body: { aiExcluded: true } });
    const vectors = await deps.db.query("SELECT 1 FROM item_embeddings WHERE id = $1", [open]);
    expect(vectors.rowCount).toBe(0);
    await request(ctx, "updateIdea", {
      token: u.token,
      params: { id: open },
      body: { content: "公开：改成私密了" },
    });
    const later = fake.requests.length;
    await drain(deps);
    expect(sent(later).join("\n")).not.toMatch(/公开|私密|体检/);
    // lifting the mark sends the idea and the note written from it
    await request(ctx, "updateIdea", { token: u.token, params: { id: secret }, body: { aiExcluded: false } });
    await drain(deps);
    expect(sent(later).join("\n")).toMatch(
      /私密：体检报告的数字[\s\S]*引用了体检报告|引用了体检报告[\s\S]*私密：体检报告的数字/,
    );
  });

  it("a model change re-embeds everything, and vectors of the old model are never compared", async () => {
    const old = process("model-a");
    const u = await registerUser(old.ctx);
    await capture(old.ctx, u.token, "晚上失眠，数到一千只羊");
    await drain(old.deps);
    const changed = process("model-b");
    // the old vectors (same size) are there, but not of this model
    expect(await meaningMatches(changed.deps, u.id, "睡不着", 10)).toEqual([]);
    const starting = process("model-b");
    await startEmbeddingWorker(starting.deps);
    await starting.deps.work.close(); // only its start-up queueing here, not its polling
    const from = fake.requests.length;
    await drain(changed.deps);
    const mine = fake.requests.slice(from).filter((r) => r.input.includes("晚上失眠，数到一千只羊"));
    expect(mine.map((r) => r.model)).toEqual(["model-b"]);
    expect((await meaningMatches(changed.deps, u.id, "睡不着", 10))?.length).toBe(1);
  });

  it("puts every exact keyword hit first, then what is found by meaning only; a failing provider leaves keywords", async () => {
    const { deps, ctx } = process();
    const u = await registerUser(ctx);
    const unrelated = await capture(ctx, u.token, "今天买了一台新电脑");
    const meaningOnly = await capture(ctx, u.token, "又失眠到三点，半夜醒来好几次");
    const exact = await capture(ctx, u.token, "睡不着的时候就数羊");
    await drain(deps);
    const result = async (q: string) =>
      (await request(ctx, "search", { token: u.token, query: { q, limit: 20 } })).body.data;
    const search = async (q: string) => (await result(q)).items;
    const first = await result("睡不着");
    expect(first.meaning).toBe("used");
    const found = first.items;
    expect(found.map((i) => [i.id, i.matchedBy])).toEqual([
      [exact, "both"],
      [meaningOnly, "meaning"],
    ]);
    expect(found.map((i) => i.id)).not.toContain(unrelated);
    expect(found[1]!.highlights).toEqual([]);

    // related by meaning (相关内容's other half): never the item itself nor another user's
    const other = await registerUser(ctx);
    await capture(ctx, other.token, "别人的失眠记录");
    await drain(deps);
    const near = await nearestItems(deps.db, u.id, { type: "idea", id: meaningOnly }, 5);
    expect(near.map((n) => n.id)).toEqual([exact, unrelated]);
    expect(near[0]!.score).toBeGreaterThan(near[1]!.score);
    expect(await nearestItems(deps.db, other.id, { type: "idea", id: meaningOnly }, 5)).toEqual([]);
    // …which 相关内容 shows after the items sharing words, with no shared word to name
    const related = await request(ctx, "relatedToIdea", { token: u.token, params: { id: meaningOnly } });
    expect(related.body.data.items).toContainEqual(expect.objectContaining({ id: exact, sharedWords: [] }));
    expect(related.body.data.items.map((i) => i.id)).not.toContain(meaningOnly);

    // the process's copy of the vectors follows what is written and deleted
    const later = await capture(ctx, u.token, "总是睡眠很浅");
    await drain(deps);
    const ids = async () => (await search("睡不着")).map((i) => i.id);
    expect(await ids()).toEqual(expect.arrayContaining([exact, meaningOnly, later]));
    expect((await ids())[0]).toBe(exact);
    await request(ctx, "deleteIdea", { token: u.token, params: { id: meaningOnly } });
    expect(await ids()).toEqual([exact, later]);

    fake.failNext(1);
    const fallback = await result("数羊");
    expect(fallback.items.map((i) => [i.id, i.matchedBy])).toEqual([[exact, "keyword"]]);
    expect(fallback.meaning).toBe("failed"); // the page says words alone were compared
  });

  it("grounds the assistant on items found by meaning too, never on one marked 不让AI读取", async () => {
    const { deps, ctx } = process();
    const u = await registerUser(ctx);
    const byMeaning = await capture(ctx, u.token, "又失眠到三点，半夜醒来好几次");
    await capture(ctx, u.token, "失眠的私密记录：吃了什么药", true);
    await capture(ctx, u.token, "今天买了一台新电脑");
    await drain(deps);
    const events = await askAll(ctx, u, await newConversation(ctx, u), "睡不着怎么办");
    const cited = events.at(-1)!.data.message.citations.map((c: { id: string }) => c.id);
    expect(cited).toEqual([byMeaning]);
  });

  it("charges POINTS_EMBED per item embedded, and gives it back when the call fails", async () => {
    const { deps, ctx } = process("fake-embed", own.db, {}, { points: { embedItem: 1 } });
    const u = await registerUser(ctx);
    await capture(ctx, u.token, "一条要收点数的想法");
    await capture(ctx, u.token, "又一条要收点数的想法");
    fake.failNext(1);
    await drain(deps); // fails, refunds, and (backoff 0) succeeds on the next round
    expect(await pending(ctx, u.token)).toBe(0);
    const points = (await request(ctx, "getPoints", { token: u.token })).body.data;
    expect(points.balance).toBe(100 - 2);
    const ledger = (await request(ctx, "listLedger", { token: u.token, query: { limit: 10 } })).body.data
      .items;
    expect(ledger.map((l) => [l.reason, l.delta])).toEqual([
      ["embed_items", -2],
      ["refund", 2],
      ["embed_items", -2],
      ["register_bonus", 100],
    ]);
  });

  it("compares vectors in SQL where the server has pgvector, else the int8 copies in this process", async () => {
    const available = (await own.db.query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'"))
      .rowCount;
    // CI builds pgvector for the machine's PostgreSQL (scripts/install-pgvector.sh); the embedded has none
    if (globalThis.process.env.PGVECTOR_REQUIRED === "1")
      expect(available).toBe(shared.name === "postgres" ? 1 : 0);
    const { deps, ctx } = process();
    expect(await usesPgvector(deps.db)).toBe(available === 1);
    const u = await registerUser(ctx);
    const id = await capture(ctx, u.token, "又失眠到三点，半夜醒来好几次");
    await drain(deps);
    expect((await meaningMatches(deps, u.id, "失眠", 10))?.map((m) => m.id)).toEqual([id]);
    // the int8 bytes zeroed: only a comparison in SQL, of pgvector's column, still finds the item
    await own.db.query(
      "UPDATE item_embeddings SET vec = decode(repeat('00', dims), 'hex'), updated_at = now() WHERE id = $1",
      [id],
    );
    const found = (await meaningMatches(deps, u.id, "失眠", 10))?.map((m) => m.id);
    expect(found).toEqual(available ? [id] : []);
    if (!available) return;
    // a vector stored before pgvector was enabled is copied into its column at the next start
    await own.db.query("UPDATE item_embeddings SET embedding = NULL, vec = $2 WHERE id = $1", [
      id,
      Buffer.from(new Int8Array(FAKE_DIMS).fill(127).buffer),
    ]);
    expect(await meaningMatches(deps, u.id, "失眠", 10)).toEqual([]);
    await migrate(own.db, silent);
    const copied = await own.db.query<{ norm: number }>(
      "SELECT sqrt(-(embedding <#> embedding)) AS norm FROM item_embeddings WHERE id = $1",
      [id],
    );
    expect(copied.rows[0]!.norm).toBeCloseTo(127 * Math.sqrt(FAKE_DIMS) * (await scaleOf(id)), 2);
  });
  const scaleOf = async (id: string) =>
    (await own.db.query<{ scale: number }>("SELECT scale FROM item_embeddings WHERE id = $1", [id])).rows[0]!
      .scale;

  describe("fuse", () => {
    it("keeps keyword hits in their order, above meaning-only ones whatever their vector rank", () => {
      const ref = (id: string) => ({ type: "idea" as const, id });
      const fused = fuse([ref("k1"), ref("k2")], [ref("m1"), ref("m2"), ref("k2")], 10);
      // k1 (an exact match, say) stays above k2 (a pinyin one) though only k2 is close in meaning
      expect(fused.map((f) => `${f.id}:${f.matchedBy}`)).toEqual([
        "k1:keyword",
        "k2:both",
        "m1:meaning",
        "m2:meaning",
      ]);
    });
  });
});
