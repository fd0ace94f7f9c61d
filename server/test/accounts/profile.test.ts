import { describe, expect, it } from "vitest";
import { call, onOneDatabase, registerUser, request } from "../helpers.ts";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const WEBP = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([30, 0, 0, 0]),
  Buffer.from("WEBPVP8 "),
  Buffer.alloc(30, 2),
]);

function upload(bytes: Buffer<ArrayBuffer>, name = "a.png", type = "image/png") {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type }));
  return form;
}

onOneDatabase((ctx) => {
  describe("profile", () => {
    it("counts this month's items by the Beijing calendar, an imported memo of last year not", async () => {
      const u = await registerUser(ctx);
      await request(ctx, "createIdea", { token: u.token, body: { content: "今天的想法" } });
      const old = await request(ctx, "createIdea", { token: u.token, body: { content: "去年的想法" } });
      await ctx.db.query("UPDATE ideas SET created_at = now() - interval '1 year' WHERE id = $1", [
        old.body.data.id,
      ]);
      const got = await request(ctx, "getProfile", { token: u.token });
      expect(got.body.data.counts).toMatchObject({ ideas: 2, thisMonth: 1 });
    });

    it("a skipped self-introduction ends the guide without one, and is kept", async () => {
      const u = await registerUser(ctx);
      const skipped = await request(ctx, "updateProfile", {
        token: u.token,
        body: { settings: { guideSkipped: true } },
      });
      expect(skipped.status).toBe(200);
      expect(skipped.body.data).toMatchObject({
        identityDescription: null,
        needsGuide: false,
        settings: { guideSkipped: true },
      });
      const me = await request(ctx, "me", { token: u.token });
      expect(me.body.data).toMatchObject({ needsGuide: false, settings: { guideSkipped: true } });
    });

    it("reads the profile with counts and updates nickname, identityDescription and settings", async () => {
      const u = await registerUser(ctx);
      await request(ctx, "createIdea", { token: u.token, body: { content: "一" } });
      await request(ctx, "createNote", { token: u.token, body: { title: "n", content: "二" } });
      const got = await request(ctx, "getProfile", { token: u.token });
      expect(got.status).toBe(200);
      expect(got.body.data).toMatchObject({
        id: u.id,
        needsGuide: true,
        counts: { ideas: 1, notes: 1, points: 100, thisMonth: 2 },
        settings: { autoTidy: false, autoTidyChosen: false, guideSkipped: false },
      });

      const upd = await request(ctx, "updateProfile", {
        token: u.token,
        body: {
          nickname: " 小念 ",
          identityDescription: "产品经理，喜欢读书",
          settings: { autoTidy: false },
        },
      });
      expect(upd.status).toBe(200);
      expect(upd.body.data).toMatchObject({
        nickname: "小念",
        identityDescription: "产品经理，喜欢读书",
        needsGuide: false,
        // chosen off is a choice: the guide does not ask again
        settings: { autoTidy: false, autoTidyChosen: true },
      });
      const me = await request(ctx, "me", { token: u.token });
      expect(me.body.data.settings).toMatchObject({ autoTidy: false, autoTidyChosen: true });
      const on = await request(ctx, "updateProfile", {
        token: u.token,
        body: { settings: { autoTidy: true } },
      });
      expect(on.body.data.settings).toMatchObject({ autoTidy: true, autoTidyChosen: true });
    });

    it("refuses bad profile input with 400 and changes nothing", async () => {
      const u = await registerUser(ctx);
      const before = (await request(ctx, "getProfile", { token: u.token })).body.data;
      for (const body of [
        {},
        { nickname: "" },
        { nickname: "名".repeat(21) },
        { identityDescription: "介".repeat(501) },
        { settings: { autoTidy: "no" } },
        { settings: { other: true } },
        { settings: {} },
        { settings: null },
        { account: "x@y.cn" },
      ]) {
        const res = await call(ctx, "PATCH", "/api/profile", { token: u.token, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.code).toBe("VALIDATION_ERROR");
        expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
      }
      expect((await request(ctx, "getProfile", { token: u.token })).body.data).toEqual(before);
      expect((await request(ctx, "getProfile")).status).toBe(401);
      expect((await request(ctx, "updateProfile", { body: { nickname: "x" } })).status).toBe(401);
    });
  });

  describe("avatar", () => {
    for (const [kind, bytes, mime] of [
      ["PNG", PNG, "image/png"],
      ["JPEG", JPEG, "image/jpeg"],
      ["WebP", WEBP, "image/webp"],
    ] as const) {
      it(`stores a ${kind} image and serves it inertly with the type from its bytes`, async () => {
        const u = await registerUser(ctx);
        // the declared type lies; the bytes decide
        const res = await call(ctx, "POST", "/api/profile/avatar", {
          token: u.token,
          raw: upload(bytes, "x.gif", "image/gif"),
        });
        expect(res.status).toBe(200);
        const url = res.body.data.avatar as string;
        expect(url).toMatch(/^\/api\/avatars\/[A-Za-z0-9_-]{22}$/);
        const img = await ctx.app.request(url);
        expect(img.status).toBe(200);
        expect(img.headers.get("content-type")).toBe(mime);
        expect(img.headers.get("x-content-type-options")).toBe("nosniff");
        expect(img.headers.get("content-security-policy")).toContain("sandbox");
        expect(Buffer.from(await img.arrayBuffer()).equals(bytes)).toBe(true);
      });
    }

    it("refuses non-images, disguised files, oversize files and a missing file; keeps the old avatar", async () => {
      const u = await registerUser(ctx);
      const first = await call(ctx, "POST", "/api/profile/avatar", { token: u.token, raw: upload(PNG) });
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const html = Buffer.from("<html><script>alert(1)</script></html>");
      expect(
        (
          await call(ctx, "POST", "/api/profile/avatar", {
            token: u.token,
            raw: upload(svg, "a.svg", "image/svg+xml"),
          })
        ).status,
      ).toBe(415);
      expect(
        (
          await call(ctx, "POST", "/api/profile/avatar", {
            token: u.token,
            raw: upload(html, "a.png", "image/png"),
          })
        ).status,
      ).toBe(415);
      const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024, 0)]);
      expect(
        (await call(ctx, "POST", "/api/profile/avatar", { token: u.token, raw: upload(big) })).status,
      ).toBe(413);
      const empty = new FormData();
      empty.append("other", "x");
      expect((await call(ctx, "POST", "/api/profile/avatar", { token: u.token, raw: empty })).status).toBe(
        400,
      );
      expect(
        (await call(ctx, "POST", "/api/profile/avatar", { token: u.token, body: { file: "x" } })).status,
      ).toBe(415);
      expect((await call(ctx, "POST", "/api/profile/avatar", { raw: upload(PNG) })).status).toBe(401);
      const now = await request(ctx, "getProfile", { token: u.token });
      expect(now.body.data.avatar).toBe(first.body.data.avatar);
    });

    it("answers 404 for unknown avatar keys", async () => {
      expect((await ctx.app.request("/api/avatars/AAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
      expect((await ctx.app.request("/api/avatars/..%2Fetc")).status).toBe(404);
    });
  });
});
