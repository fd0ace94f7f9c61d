// One account never turns another's pictures away (issue 30 §4, §7): its slow uploads hold at most
// a quarter of the picture-upload slots, and its parallel file reads wait behind each other, not in
// front of another account's. Raw sockets, as slow clients send.
import { expect, it } from "vitest";
import { onOneDatabase, registerUser, type TestUser } from "../helpers.ts";
import { listening } from "../listening.ts";
import { exchange, multipartUpload } from "../raw-http.ts";
import { makeImage, makeWav, uploadFile } from "./helpers.ts";

/** The head and the first half of a picture's upload; the rest never comes. */
function halfAnUpload(user: TestUser, picture: Buffer) {
  const { head, body } = multipartUpload("/api/attachments", user.token, {
    name: "慢.png",
    bytes: picture,
    type: "image/png",
  });
  return [Buffer.concat([Buffer.from(head), body.subarray(0, body.length / 2)])];
}

onOneDatabase(
  (ctx) => {
    const tcp = listening(ctx);

    it("16 slow uploads of one account take 4 slots (8 more wait): another account's picture goes through, the account's own next one gets 429", async () => {
      const [slow, other] = [await registerUser(ctx), await registerUser(ctx)];
      const picture = await makeImage("png");
      const started = performance.now();
      const held = Array.from({ length: 16 }, () => exchange(tcp.port, halfAnUpload(slow, picture), 1));
      await new Promise((r) => setTimeout(r, 800)); // all 16 reach the route (16 sign-in lookups)

      const theirs = await uploadFile(ctx, other.token, await makeImage("png"));
      expect(theirs.status).toBe(201);
      const own = await uploadFile(ctx, slow.token, await makeImage("png"));
      expect(own.status).toBe(429);
      expect(own.body.message).toBe("同时上传的图片或录音太多了，请等前面的传完再试");
      // well before the slow ones are cut (4 s): the old code answered only once they were
      expect(performance.now() - started).toBeLessThan(3800);

      // the 4 held are cut once they stall; the refused ones' 429 waits a while for their bodies
      const answers = (await Promise.all(held)).map((e) => e.answers[0]?.status);
      expect(answers.filter((s) => s === 408).length).toBeGreaterThanOrEqual(4);
      // (one whose turn came as it was cut may see its connection closed without an answer)
      expect(answers.every((s) => s === 408 || s === 429 || s === undefined)).toBe(true);

      // and once they are cut, the account's slots are its own again
      expect((await uploadFile(ctx, slow.token, await makeImage("png"))).status).toBe(201);
    }, 20_000);

    it("9 pictures of one account sent at once (the composer's most) all go through, the later ones after their turn", async () => {
      const user = await registerUser(ctx);
      const pictures = await Promise.all(Array.from({ length: 9 }, () => makeImage("png")));
      const answers = await Promise.all(pictures.map((p) => uploadFile(ctx, user.token, p)));
      expect(answers.map((a) => a.status)).toEqual(Array(9).fill(201));
    });

    it("one account's 150 parallel file reads wait behind each other: another account's file is served, not 503", async () => {
      const [busy, other] = [await registerUser(ctx), await registerUser(ctx)];
      const recording = await uploadFile(ctx, busy.token, makeWav(60_000), "长录音.wav", "audio/wav");
      const picture = await uploadFile(ctx, other.token, await makeImage("png"));
      const flood = Array.from({ length: 150 }, async () => ctx.app.request(recording.body.data.url));
      // the flood's first refusal: its line is full
      await Promise.race(flood.map((p) => p.then((r) => (r.status === 503 ? r : new Promise(() => {})))));
      const theirs = await ctx.app.request(picture.body.data.url);
      expect(theirs.status).toBe(200);
      const statuses = await Promise.all(flood.map(async (p) => (await p).status));
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    });

    it("a file read whose client has gone while it waited is never made: it leaves the line", async () => {
      const user = await registerUser(ctx);
      const recording = await uploadFile(ctx, user.token, makeWav(60_000), "长录音.wav", "audio/wav");
      const gone = new AbortController();
      // 2 read, 64 wait: the account's line is full, then all of them leave
      const left = Array.from({ length: 66 }, () =>
        Promise.resolve(ctx.app.request(recording.body.data.url, { signal: gone.signal })).catch(() => null),
      );
      await new Promise((r) => setTimeout(r, 50));
      gone.abort();
      // a new page's 64 reads at once find the line empty
      const statuses = await Promise.all(
        Array.from({ length: 64 }, async () => (await ctx.app.request(recording.body.data.url)).status),
      );
      expect(statuses.filter((s) => s === 503)).toEqual([]);
      await Promise.all(left);
    });
  },
  { RATE_UPLOADS: "0" },
  { http: { headersTimeoutMs: 1000, requestTimeoutMs: 4000 } },
);
