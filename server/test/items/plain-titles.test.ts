import { describe, expect, it } from "vitest";
import { forEachDatabase, registerUser, request, type TestUser } from "../helpers.ts";

/** Raw Markdown that must never reach a title or a snippet. */
const MARKUP = /\*\*|~~|`|\]\(|^\s*[-*+] |^#{1,6} |https:\/\/example/m;

forEachDatabase((ctx) => {
  const idea = async (u: TestUser, content: string) =>
    (await request(ctx, "createIdea", { token: u.token, body: { content } })).body.data.id;
  const note = async (u: TestUser, title: string, content: string) =>
    (await request(ctx, "createNote", { token: u.token, body: { title, content } })).body.data.id;
  const search = async (u: TestUser, q: string) =>
    (await request(ctx, "search", { token: u.token, query: { q } })).body.data.items;

  describe("titles and snippets derived from Markdown", () => {
    it("search answers them as plain text, with the match still marked where it stands", async () => {
      const u = await registerUser(ctx);
      const memo = await idea(
        u,
        "## **周末**计划：\n- 去[西湖](https://example.com/xihu)边~~散步~~跑步\n- 看`电影`\n> 别忘了带水",
      );
      const [hit] = await search(u, "跑步");
      expect(hit?.id).toBe(memo);
      expect(hit?.title).toBe("周末计划：");
      expect(hit?.snippet).toBe("周末计划： 去西湖边散步跑步 看电影 别忘了带水");
      expect(hit?.snippet).not.toMatch(MARKUP);
      expect(hit?.highlights.map((h) => hit.snippet.slice(h.start, h.end))).toEqual(["跑步"]);
    });

    it("a match inside a link's text is found and marked; one only in its address leaves no address behind", async () => {
      const u = await registerUser(ctx);
      await idea(u, `${"很长的开头，".repeat(40)}读了[三体第二部](https://example.com/santi)，**很好看**`);
      const [hit] = await search(u, "三体");
      expect(hit?.snippet).toMatch(/^….*读了三体第二部，很好看$/);
      expect(hit?.snippet).not.toMatch(MARKUP);
      expect(hit?.highlights.map((h) => hit.snippet.slice(h.start, h.end))).toEqual(["三体"]);

      await idea(u, "收藏一个[网站](https://example.com/zhizhuxia)");
      const [byAddress] = await search(u, "zhizhuxia");
      expect(byAddress?.snippet).toBe("收藏一个网站");
    });

    it("related items carry plain titles and snippets", async () => {
      const u = await registerUser(ctx);
      const subject = await note(u, "跑步训练计划", "每周三次跑步");
      const memo = await idea(u, "- **跑步**的新鞋到了，[链接](https://example.com/shoes)\n- 明天试穿");
      const items = (await request(ctx, "relatedToNote", { params: { id: subject }, token: u.token })).body
        .data.items;
      const related = items.find((i) => i.id === memo);
      expect(related).toMatchObject({
        title: "跑步的新鞋到了，链接",
        snippet: "跑步的新鞋到了，链接 明天试穿",
      });
    });
  });
});
