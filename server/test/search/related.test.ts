import { describe, expect, it } from "vitest";
import { forEachDatabase, registerUser, request, type TestUser } from "../helpers.ts";

forEachDatabase((ctx) => {
  const idea = async (u: TestUser, content: string, tags: string[] = []) =>
    (await request(ctx, "createIdea", { token: u.token, body: { content, tags } })).body.data.id;
  const note = async (u: TestUser, title: string, content: string) =>
    (await request(ctx, "createNote", { token: u.token, body: { title, content } })).body.data.id;

  describe("GET /api/{ideas,notes}/{id}/related", () => {
    it("finds items sharing a word with no common substring of the title, never itself nor another's", async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      const plan = await note(u, "跑步训练计划", "每周三次：间歇、节奏和长距离慢跑。");
      const westLake = await idea(u, "周末去西湖边跑步");
      const shoes = await idea(u, "买了一双新跑鞋，为了跑步更轻松");
      const movie = await idea(u, "周末去看电影");
      await idea(u, "手冲咖啡的水温是九十度");
      await idea(other, "每天跑步五公里");

      const res = await request(ctx, "relatedToNote", { params: { id: plan }, token: u.token });
      expect(res.status).toBe(200);
      const items = res.body.data.items;
      expect(items.map((i) => i.id).sort()).toEqual([westLake, shoes].sort());
      expect(items.every((i) => i.sharedWords.includes("跑步"))).toBe(true);
      expect(items.find((i) => i.id === westLake)).toMatchObject({
        type: "idea",
        snippet: "周末去西湖边跑步",
      });

      // from the idea's side: by 跑步 and by 周末, each with the word it shares
      const back = await request(ctx, "relatedToIdea", { params: { id: westLake }, token: u.token });
      const shared = Object.fromEntries(back.body.data.items.map((i) => [i.id, i.sharedWords]));
      expect(shared).toEqual({ [plan]: ["跑步"], [shoes]: ["跑步"], [movie]: ["周末"] });
      // the same word counts for more in a title
      const order = back.body.data.items.map((i) => i.id);
      expect(order.indexOf(plan)).toBeLessThan(order.indexOf(shoes));
      expect(back.body.data.items.find((i) => i.id === plan)?.title).toBe("跑步训练计划");

      // another person's item is not there to relate to
      const foreign = await request(ctx, "relatedToIdea", { params: { id: westLake }, token: other.token });
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe("想法不存在");
      expect((await request(ctx, "relatedToNote", { params: { id: westLake }, token: u.token })).status).toBe(
        404,
      );
    });

    it("relates ideas of one everyday topic that share no word (马拉松, 配速), without showing the topic as a word", async () => {
      const u = await registerUser(ctx);
      const marathon = await idea(u, "报名了明年的杭州马拉松");
      const pace = await idea(u, "今天5公里配速终于进了6分");
      // the topic is in 2 of 10 items: under a quarter, so it tells
      for (const other of [
        "楼下新开的咖啡店拿铁很好喝",
        "红烧肉放冰糖炒糖色",
        "阳台的绿萝长了新叶",
        "团子把猫粮打翻了",
      ])
        await idea(u, other);
      for (const other of ["签证材料准备好了", "给爸妈打了个电话", "新买的台灯很亮", "周五晚上高架堵车"])
        await idea(u, other);
      const items = (await request(ctx, "relatedToIdea", { params: { id: marathon }, token: u.token })).body
        .data.items;
      expect(items.map((i) => [i.id, i.sharedWords])).toEqual([[pace, []]]);
    });

    it("shows only words the person wrote as shared, never the pinyin of a title or tag, nor relates by it", async () => {
      const u = await registerUser(ctx);
      const reading = await idea(u, "今晚读完一本书", ["阅读"]);
      const other = await idea(u, "又是一本好书", ["阅读"]);
      // 运动 sounds like 阅读 by initials (yd): it relates by nothing
      await idea(u, "晚饭后散步", ["运动"]);
      const items = (await request(ctx, "relatedToIdea", { params: { id: reading }, token: u.token })).body
        .data.items;
      expect(items.map((i) => [i.id, i.sharedWords])).toEqual([[other, ["阅读"]]]);
    });

    it("weighs a rare shared word above a common one, and never relates by 想法, 笔记 or stop words", async () => {
      const u = await registerUser(ctx);
      for (let i = 0; i < 8; i++) await idea(u, `工作第${i}天，开会`);
      const pottery = await idea(u, "陶艺课拉坯真难");
      const busy = await idea(u, "工作好忙");
      await idea(u, "这个想法写进笔记，我觉得可以");
      const subject = await idea(u, "工作之余去学陶艺");
      const mine = (await request(ctx, "relatedToIdea", { params: { id: subject }, token: u.token })).body
        .data.items;
      expect(mine[0]).toMatchObject({ id: pottery, sharedWords: ["陶艺"] });
      expect(mine.map((i) => i.id)).toContain(busy);
      expect(mine.length).toBeLessThanOrEqual(5);

      const words = await idea(u, "我的想法和笔记");
      const none = (await request(ctx, "relatedToIdea", { params: { id: words }, token: u.token })).body.data
        .items;
      expect(none).toEqual([]);
    });
  });
});
