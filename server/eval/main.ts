/**
 * `npm run eval:search`: the search quality figures of docs/search-quality.md.
 *
 * Each server runs on a fresh database: an embedded PostgreSQL in a temporary DATA_DIR, or, with
 * EVAL_DATABASE_URL, a new database on that server (created and dropped). With AI_EMBEDDING_MODEL
 * set (and AI_EMBEDDING_BASE_URL / AI_EMBEDDING_API_KEY, defaulting to AI_BASE_URL / AI_API_KEY)
 * the hybrid server and the vector mode use that provider (AI_EMBEDDING_BATCH texts a request, else
10); otherwise the fake embedder. The chat
 * provider is always left out, so that time questions are answered in 本地模式.
 */
import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type Embedder, fakeEmbedder, providerEmbedder } from "./embedders.ts";
import { figuresOf, formatReport } from "./report.ts";
import { type FreshDatabase, runSearchEval } from "./run-eval.ts";
import { loadSearchSet } from "./search-set.ts";

const env = process.env;
const embeddingModel = env.AI_EMBEDDING_MODEL;
const embedder: Embedder = embeddingModel
  ? providerEmbedder({
      baseUrl: env.AI_EMBEDDING_BASE_URL ?? env.AI_BASE_URL ?? "https://api.openai.com/v1",
      apiKey: env.AI_EMBEDDING_API_KEY ?? env.AI_API_KEY,
      model: embeddingModel,
      batch: env.AI_EMBEDDING_BATCH ? Number(env.AI_EMBEDDING_BATCH) : undefined,
    })
  : await fakeEmbedder();
// the servers inherit this environment: no chat provider (本地模式), and no embeddings but the ones given
for (const name of Object.keys(env)) if (name.startsWith("AI_")) delete env[name];

const embeddedDatabase: FreshDatabase = async (label) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), `shinian-eval-${label}-`));
  await chmod(dir, 0o755); // as root, PostgreSQL runs as another user that must reach it
  return { env: { DATA_DIR: dir }, drop: () => rm(dir, { recursive: true, force: true }) };
};

const databaseOn =
  (serverUrl: string): FreshDatabase =>
  async (label) => {
    const name = `shinian_eval_${label}_${randomBytes(4).toString("hex")}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(sql).finally(() => client.end());
    };
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString() },
      drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  };

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
const started = Date.now();
const loadBefore = load();
try {
  const run = await runSearchEval({
    set: loadSearchSet(),
    embedder,
    freshDatabase: env.EVAL_DATABASE_URL ? databaseOn(env.EVAL_DATABASE_URL) : embeddedDatabase,
    log: (line) => process.stderr.write(`… ${line}\n`),
  });
  console.log(formatReport(run, figuresOf(run)));
  console.log(
    `\n${((Date.now() - started) / 1000).toFixed(0)} s on ${env.EVAL_DATABASE_URL ? "EVAL_DATABASE_URL" : "embedded PostgreSQL"}; load average ${loadBefore} before, ${load()} after (${os.cpus().length} cores)`,
  );
} finally {
  await embedder.close();
}
