// Links travel through MCP as text: an idea written by an assistant with `[[idea:<uuid>]]` is
// listed under its target's 被引用, as one written in the app is (the triggers of migration 046).
import { linkText } from "@shinian/contract";
import { describe, expect, it } from "vitest";
import { onOneDatabase, registerUser, request } from "../helpers.ts";
import { callOk, mcpClient, serving } from "../mcp/helpers.ts";

onOneDatabase((ctx) => {
  const local = serving(() => ({ app: ctx.app, http: ctx.config.http }));

  describe("links through MCP", () => {
    it("an idea created and edited through MCP with a link is 被引用 of its target, and reads back as text", async () => {
      const u = await registerUser(ctx);
      const target = await request(ctx, "createIdea", {
        token: u.token,
        body: { content: "陶艺第一课：揉泥" },
      });
      const id = target.body.data.id;
      const client = await mcpClient(local.url(), u.token);
      const made = (
        await callOk(client, "create_idea", { content: `接着 ${linkText({ type: "idea", id })} 练拉坯` })
      ).item;
      const back = await request(ctx, "itemBacklinks", { token: u.token, params: { type: "idea", id } });
      expect(back.body.data.items.map((i) => i.id)).toEqual([made.id]);
      const got = await callOk(client, "get_items", { ids: [made.id] });
      expect(got.items[0].content).toContain(linkText({ type: "idea", id }));

      await callOk(client, "update_item", {
        id: made.id,
        base_updated_at: made.updated_at,
        content: "不再链接",
      });
      const after = await request(ctx, "itemBacklinks", { token: u.token, params: { type: "idea", id } });
      expect(after.body.data.total).toBe(0);
    });
  });
});
