import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { type AppDeps, systemClock } from "../../src/context.ts";
import { createLogger } from "../../src/logger.ts";
import { createBackgroundWork } from "../../src/shared/background-work.ts";
import {
  forEachDatabase,
  registerUser,
  request,
  type TestCtx,
  type TestUser,
  testConfig,
} from "../helpers.ts";
import {
  type FakeEmbeddingProvider,
  startFakeEmbeddingProvider,
} from "../support/fake-embedding-provider.ts";

/** Earlier ideas of one person, and for each draft the one it says nearly the same thing as. */
const EARLIER = {
  pace: "周末长距离慢跑15公里，配速控制在六分半",
  sleep: "又失眠了，躺到两点还睡不着",
  coffee: "楼下新开的咖啡店拿铁很好喝",
  money: "基金定投坚持了两年，终于回本了",
  cat: "团子今天把猫粮打翻了一地",
  cooking: "红烧肉放冰糖炒糖色，颜色才红亮",
  marathon: "报名了明年的杭州马拉松",
  film: "周末去电影院看了一部科幻片",
};

forEachDatabase((ctx) => {
  const similar = (c: TestCtx, u: TestUser, body: { text: string; aiExcluded?: boolean }) =>
    request(c, "similarToDraft", { token: u.token, body });
  const seed = async (c: TestCtx, u: TestUser) => {
    const ids: Record<string, string> = {};
    for (const [key, content] of Object.entries(EARLIER)) {
      ids[key] = (await request(c, "createIdea", { token: u.token, body: { content } })).body.data.id;
    }
    return ids;
  };

  describe("POST /api/similar (你想过这个)", () => {
    it("finds the earlier item that says nearly the same thing, with dates and why, never trash nor another's", async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      const ids = await seed(ctx, u);
      await request(ctx, "createIdea", { token: other.token, body: { content: "今天慢跑十公里，配速六分" } });

      const res = await similar(ctx, u, { text: "今天慢跑了5公里，配速六分十秒" });
      expect(res.status).toBe(200);
      const items = res.body.data.items;
      expect(items[0]).toMatchObject({
        type: "idea",
        id: ids.pace,
        title: EARLIER.pace,
        excerpt: EARLIER.pace,
        reason: expect.stringMatching(/^相同的词：.*(慢跑|配速)/),
      });
      expect(Date.parse(items[0]!.createdAt)).not.toBeNaN();
      expect(items.length).toBeLessThanOrEqual(3);
      // the other running idea is of the same topic; nothing else is near
      expect(items.map((i) => i.id).every((id) => id === ids.pace || id === ids.marathon)).toBe(true);

      // the earlier item in 回收站 is no longer offered
      await request(ctx, "deleteIdea", { token: u.token, params: { id: ids.pace! } });
      const after = (await similar(ctx, u, { text: "今天慢跑了5公里，配速六分十秒" })).body.data.items;
      expect(after.map((i) => i.id)).not.toContain(ids.pace);
    });

    it("relates by an everyday topic with no word in common, and by a shared tag", async () => {
      const u = await registerUser(ctx);
      const ids = await seed(ctx, u);
      const topic = (await similar(ctx, u, { text: "准备周六去操场夜跑" })).body.data.items;
      expect(topic.map((i) => [i.id, i.reason])).toContainEqual([ids.marathon, "同一话题：跑步"]);

      const tagged = await request(ctx, "createIdea", {
        token: u.token,
        body: { content: "读完了一本小说", tags: ["读书"] },
      });
      const byTag = (await similar(ctx, u, { text: "书架上又多了几本 #读书" })).body.data.items;
      expect(byTag[0]).toMatchObject({ id: tagged.body.data.id, reason: "标签相同：#读书" });
    });

    it("answers nothing for a draft near nothing, and refuses fewer than 6 characters in Chinese", async () => {
      const u = await registerUser(ctx);
      await seed(ctx, u);
      expect((await similar(ctx, u, { text: "给自行车链条上了点油" })).body.data.items).toEqual([]);
      // one common word in a long draft is not "nearly the same"
      expect(
        (await similar(ctx, u, { text: "周末把阳台上的旧纸箱都拆了卖掉，顺便擦了窗户" })).body.data.items,
      ).toEqual([]);
      const short = await similar(ctx, u, { text: "  跑步好累  " });
      expect(short.status).toBe(400);
      expect(short.body.message).toContain("至少输入 6 个字");
    });
  });

  describe("POST /api/similar with embeddings on", () => {
    let fake: FakeEmbeddingProvider;
    let withModel: TestCtx;
    beforeAll(async () => {
      fake = await startFakeEmbeddingProvider();
      const config = testConfig({ AI_EMBEDDING_BASE_URL: fake.url, AI_EMBEDDING_MODEL: "fake-embed" });
      const deps: AppDeps = {
        config,
        db: ctx.db,
        logger: createLogger("silent"),
        work: createBackgroundWork(),
        clock: systemClock,
      };
      withModel = { ...ctx, config, app: createApp(deps) };
    });
    afterAll(() => fake.close());

    it("sends the draft to the embeddings provider only where its idea would go: never with 不让AI读取", async () => {
      const u = await registerUser(withModel);
      const sent = () => fake.requests.flatMap((r) => r.input);
      // its own words each run: a query's vector is cached in the process, and this file runs once a database
      const draft = `半夜醒来再也睡不着了 ${randomUUID().slice(0, 8)}`;
      const hidden = await similar(withModel, u, { text: `${draft}（私密）`, aiExcluded: true });
      expect(hidden.status).toBe(200);
      expect(sent().some((t) => t.includes("私密"))).toBe(false);
      expect((await similar(withModel, u, { text: draft })).status).toBe(200);
      expect(sent()).toContain(draft);
    });
  });
});
