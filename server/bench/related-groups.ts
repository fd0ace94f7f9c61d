/**
 * npm run bench -- related-groups — how much of its topic group an idea's 相关内容 holds, with no
 * embedding provider (issue 33, item 10). Loads the 300 ideas of fixtures/related-groups.json (30
 * groups of 10 that share meaning but not always words) into one account through POST /api/ideas,
 * asks GET /api/ideas/{id}/related for each, and prints, per idea, how many of the 5 related items
 * are of its group (at most 5 of its 9 others fit: the share is hits / 5), then the mean per group
 * and per split. Split A was looked at while choosing the matching; split B never. In-process app
 * on a fresh database of the machine's PostgreSQL (BENCH_ADMIN_URL). BENCH_QUIET=1 leaves out the
 * per-idea lines. BENCH_GROUPS=<path> reads another set of the same shape instead (e.g. the held-out
 * set server/bench/fixtures/related-heldout.json, split H). Figures only; nothing asserts.
 */
import { readFile } from "node:fs/promises";
import { createApp } from "../src/app.ts";
import { loadConfig } from "../src/env.ts";
import { withFreshDatabase } from "./in-process.ts";

const RELATED = 5;

type Group = { split: string; topic: string; ideas: string[] };

async function main() {
  const { groups } = JSON.parse(
    await readFile(
      process.env.BENCH_GROUPS || new URL("./fixtures/related-groups.json", import.meta.url),
      "utf8",
    ),
  ) as { groups: Group[] };
  await withFreshDatabase("groups", async (db, logger) => {
    const config = loadConfig({
      LOG_LEVEL: "silent",
      PASSWORD_HASH_COST: "10",
      RATE_CAPTURES: "100000/100000",
    });
    const app = createApp({ config, db, logger });
    const call = async (method: string, path: string, token?: string, body?: unknown) => {
      const res = await app.request(path, {
        method,
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": "10.0.0.1",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: unknown }).data;
    };
    const { token } = (await call("POST", "/api/auth/register", undefined, {
      account: "bench-groups@example.cn",
      password: "bench-password",
      agreeTerms: true,
    })) as { token: string };
    await call("PATCH", "/api/profile", token, { settings: { autoTidy: false } });

    // interleaved, so that no group's ideas sit together in time
    const topicOf = new Map<string, Group>();
    const order = groups.flatMap((g) => g.ideas.map((text, i) => ({ g, text, i })));
    order.sort((a, b) => a.i - b.i || a.g.topic.localeCompare(b.g.topic));
    for (const { g, text } of order) {
      const { id } = (await call("POST", "/api/ideas", token, { content: text })) as { id: string };
      topicOf.set(id, g);
    }
    const quiet = Boolean(process.env.BENCH_QUIET);
    const perGroup = new Map<Group, number[]>();
    for (const [id, g] of topicOf) {
      const { items } = (await call("GET", `/api/ideas/${id}/related`, token)) as {
        items: { id: string; title: string }[];
      };
      const hits = items.filter((r) => topicOf.get(r.id) === g).length;
      const share = hits / Math.min(RELATED, g.ideas.length - 1);
      perGroup.set(g, [...(perGroup.get(g) ?? []), share]);
      if (!quiet)
        console.log(
          `${g.split} ${g.topic}\t${hits}/${RELATED}\t${items.length} related\t${topicOfText(g, id, topicOf)}`,
        );
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1);
    console.log("\n| split | group | share of its group in the 5 related |\n| --- | --- | --- |");
    for (const [g, shares] of perGroup) console.log(`| ${g.split} | ${g.topic} | ${pctOf(mean(shares))} |`);
    for (const split of new Set(groups.map((g) => g.split))) {
      const shares = [...perGroup].filter(([g]) => g.split === split).flatMap(([, s]) => s);
      console.log(`split ${split}: ${pctOf(mean(shares))} (${shares.length} ideas)`);
    }
    console.log(`all: ${pctOf(mean([...perGroup.values()].flat()))}`);
  });
}

const pctOf = (x: number) => `${(x * 100).toFixed(1)} %`;
const topicOfText = (g: Group, id: string, ids: Map<string, Group>) =>
  g.ideas[[...ids].filter(([, x]) => x === g).findIndex(([x]) => x === id)];

await main();
