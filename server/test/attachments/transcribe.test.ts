import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addIdea, balanceOf, withProvider } from "../ai/helpers.ts";
import { heardText } from "../fake-provider.ts";
import { call, onOneDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";
import { makeImage, makeWav, uploadFile } from "./helpers.ts";

const CJK = /[\u4e00-\u9fff]/;

/** The first bytes each recorder writes, then what follows (the sniffing reads the bytes only). */
const recordings = {
  webm: Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01]),
    Buffer.from([0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]),
    Buffer.from("webm"),
    randomBytes(400),
  ]),
  ogg: Buffer.concat([Buffer.from("OggS\0"), randomBytes(400)]),
  m4a: Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypM4A "), randomBytes(400)]),
  mp3: Buffer.concat([Buffer.from("ID3"), randomBytes(400)]),
  wav: makeWav(),
};
const TYPES = { webm: "audio/webm", ogg: "audio/ogg", m4a: "audio/mp4", mp3: "audio/mpeg", wav: "audio/wav" };

async function record(ctx: TestCtx, u: TestUser, bytes: Buffer = makeWav(), name = "录音.wav") {
  const res = await uploadFile(ctx, u.token, bytes, name, "audio/wav");
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as {
    id: string;
    kind: string;
    url: string;
    thumbnailUrl: string | null;
    size: number;
  };
}

const ledgerReasons = async (ctx: TestCtx, u: TestUser) =>
  (await call(ctx, "GET", "/api/points/ledger", { token: u.token })).body.data.items.map(
    (e: { reason: string; delta: number }) => `${e.reason} ${e.delta}`,
  );

onOneDatabase((ctx) => {
  const ai = withProvider(ctx);
  const limited = withProvider(ctx, undefined, { RATE_CHAT: "2/1" });

  describe("voice notes", () => {
    it("keeps each recorder's format as audio with no thumbnail, served with its type and byte ranges", async () => {
      const u = await registerUser(ctx);
      const usage = async () =>
        (await call(ctx, "GET", "/api/profile/usage", { token: u.token })).body.data.bytes;
      const bytesBefore = await usage();
      for (const [format, bytes] of Object.entries(recordings)) {
        const file = await record(ctx, u, bytes, `voice.${format}`);
        expect(file, format).toMatchObject({ kind: "audio", thumbnailUrl: null, size: bytes.length });
        const whole = await ctx.app.request(file.url);
        expect(whole.headers.get("content-type"), format).toBe(TYPES[format as keyof typeof TYPES]);
        expect(Buffer.from(await whole.arrayBuffer()).equals(bytes), format).toBe(true);
      }
      const wav = await record(ctx, u);
      const part = await ctx.app.request(wav.url, { headers: { range: "bytes=4-11" } });
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes 4-11/${wav.size}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(makeWav().subarray(4, 12))).toBe(true);
      const tail = await ctx.app.request(wav.url, { headers: { range: "bytes=-4" } });
      expect(tail.headers.get("content-range")).toBe(`bytes ${wav.size - 4}-${wav.size - 1}/${wav.size}`);
      expect(Buffer.from(await tail.arrayBuffer()).equals(makeWav().subarray(-4))).toBe(true);
      const several = await ctx.app.request(wav.url, { headers: { range: "bytes=0-1, 4-5" } });
      expect(several.status).toBe(200); // answered whole, as RFC 9110 allows
      const past = await ctx.app.request(wav.url, { headers: { range: `bytes=${wav.size}-` } });
      expect(past.status).toBe(416);
      const stored = Object.values(recordings).reduce((sum, b) => sum + b.length, 0) + wav.size;
      expect((await usage()) - bytesBefore).toBe(stored);
    });

    it("refuses a page or text dressed as a recording, and a recording carrying markup", async () => {
      const u = await registerUser(ctx);
      const refused = [
        [Buffer.from("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>"), "a.mp3"],
        [Buffer.from("这不是录音，只是一段文字而已。".repeat(4)), "b.webm"],
        [Buffer.concat([makeWav(), Buffer.from("<script>alert(document.cookie)</script>")]), "c.wav"],
      ] as const;
      for (const [bytes, name] of refused) {
        const res = await uploadFile(ctx, u.token, bytes, name, "audio/webm");
        expect(res.status, name).toBe(415);
        expect(res.body.message, name).toMatch(CJK);
      }
      expect((await ctx.db.query("SELECT 1 FROM attachments WHERE user_id = $1", [u.id])).rowCount).toBe(0);
    });

    it("transcribes through the provider's /audio/transcriptions, charging POINTS_TRANSCRIBE", async () => {
      const u = await registerUser(ctx);
      const before = await balanceOf(ctx, u);
      const file = await record(ctx, u);
      // no body at all: the flag is optional
      const res = await call(ai.ctx, "POST", `/api/attachments/${file.id}/transcribe`, { token: u.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({ text: heardText(file.size), cost: 1, balance: before - 1 });
      const sent = ai.fake.received.at(-1)!;
      expect(sent.body.model).toBe("fake-whisper");
      expect(sent.authorization).toBe("Bearer sk-test-key");
      expect(sent.audio!.type).toBe("audio/wav");
      expect(sent.audio!.bytes.equals(makeWav())).toBe(true);
      expect(sent.audio!.fields.response_format).toBe("json");
      expect(await balanceOf(ctx, u)).toBe(before - 1);
      expect((await ledgerReasons(ctx, u))[0]).toBe("transcribe_audio -1");
    });

    it("answers in 简体 when the provider hears 繁体", async () => {
      const u = await registerUser(ctx);
      const file = await record(ctx, u);
      ai.fake.script({ kind: "stream", chunks: ["會議時間改到後天，記得帶筆記型電腦。OK"] });
      const res = await call(ai.ctx, "POST", `/api/attachments/${file.id}/transcribe`, { token: u.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.text).toBe("会议时间改到后天，记得带笔记型电脑。OK");
    });

    it("gives the points back when the provider fails, or hears nothing", async () => {
      const u = await registerUser(ctx);
      const before = await balanceOf(ctx, u);
      const file = await record(ctx, u);
      const failure = { kind: "status", status: 500, message: "whisper crashed" } as const;
      ai.fake.script(failure, failure, failure); // the first try and both retries
      const failed = await request(ai.ctx, "transcribeAttachment", {
        params: { id: file.id },
        body: {},
        token: u.token,
      });
      expect(failed.status).toBe(503);
      expect(failed.body.message).toContain("点数已退还");
      expect(failed.body.message).not.toContain("whisper");
      expect(await balanceOf(ctx, u)).toBe(before);

      ai.fake.script({ kind: "stream", chunks: ["  "] });
      const silent = await request(ai.ctx, "transcribeAttachment", {
        params: { id: file.id },
        body: {},
        token: u.token,
      });
      expect(silent.status).toBe(503);
      expect(silent.body.message).toContain("没有听清");
      expect(await balanceOf(ctx, u)).toBe(before);
      expect((await ledgerReasons(ctx, u)).slice(0, 4)).toEqual([
        "refund 1",
        "transcribe_audio -1",
        "refund 1",
        "transcribe_audio -1",
      ]);
    });

    it("refuses when the capture is 不让AI读取, by the body or by the idea it is on, sending nothing", async () => {
      const u = await registerUser(ctx);
      const before = await balanceOf(ctx, u);
      const file = await record(ctx, u);
      const asked = ai.fake.received.length;
      const flagged = await request(ai.ctx, "transcribeAttachment", {
        params: { id: file.id },
        body: { aiExcluded: true },
        token: u.token,
      });
      expect(flagged.status).toBe(409);
      expect(flagged.body.message).toContain("不让AI读取");

      await addIdea(ctx, u, "散步时想到的", { aiExcluded: true, attachmentIds: [file.id] });
      const onIdea = await request(ai.ctx, "transcribeAttachment", {
        params: { id: file.id },
        body: {},
        token: u.token,
      });
      expect(onIdea.status).toBe(409);
      expect(ai.fake.received.length).toBe(asked);
      expect(await balanceOf(ctx, u)).toBe(before);
    });

    it("counts transcriptions with the chat's writes (RATE_CHAT): past the burst, 429 in Chinese before any call", async () => {
      const u = await registerUser(ctx);
      const file = await record(ctx, u);
      const ask = () =>
        request(limited.ctx, "transcribeAttachment", { params: { id: file.id }, body: {}, token: u.token });
      expect((await ask()).status).toBe(200);
      expect((await ask()).status).toBe(200);
      const asked = limited.fake.received.length;
      const third = await ask();
      expect(third.status).toBe(429);
      expect(third.body.message).toMatch(/^语音转文字太频繁了，请 \d+ 秒后再试$/);
      expect(limited.fake.received.length).toBe(asked);
    });

    it("keeps 不让AI读取 for a recording whose idea is in 回收站, sending nothing", async () => {
      const u = await registerUser(ctx);
      const before = await balanceOf(ctx, u);
      const file = await record(ctx, u);
      const idea = await addIdea(ctx, u, "删掉的语音想法", { aiExcluded: true, attachmentIds: [file.id] });
      expect((await request(ctx, "deleteIdea", { token: u.token, params: { id: idea } })).status).toBe(200);
      const asked = ai.fake.received.length;
      const trashed = await request(ai.ctx, "transcribeAttachment", {
        params: { id: file.id },
        body: {},
        token: u.token,
      });
      expect([trashed.status, trashed.body.message]).toEqual([
        409,
        "这条记录设置了不让AI读取，录音不会转成文字",
      ]);
      expect(ai.fake.received.length).toBe(asked);
      expect(await balanceOf(ctx, u)).toBe(before);
    });

    it("in 本地模式 keeps the recording as audio only: 409 with the reason, nothing charged", async () => {
      const u = await registerUser(ctx);
      const file = await record(ctx, u);
      const res = await request(ctx, "transcribeAttachment", {
        params: { id: file.id },
        body: {},
        token: u.token,
      });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("AI_NOT_CONFIGURED");
      expect(res.body.message).toContain("本地模式");
      const status = await request(ctx, "aiStatus", { token: u.token });
      expect(status.body.data).toMatchObject({ transcribeAvailable: false, costs: { transcribe: 0 } });
      const withAi = await request(ai.ctx, "aiStatus", { token: u.token });
      expect(withAi.body.data).toMatchObject({ transcribeAvailable: true, costs: { transcribe: 1 } });
    });

    it("refuses an image, another person's recording and a balance too low, before any call", async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      const asked = ai.fake.received.length;
      const image = await uploadFile(ctx, u.token, await makeImage("png"));
      const notAudio = await request(ai.ctx, "transcribeAttachment", {
        params: { id: image.body.data.id },
        body: {},
        token: u.token,
      });
      expect(notAudio.status).toBe(415);
      const file = await record(ctx, u);
      const foreign = await request(ai.ctx, "transcribeAttachment", {
        params: { id: file.id },
        body: {},
        token: other.token,
      });
      expect(foreign.status).toBe(404);
      await ctx.db.query("UPDATE points_balances SET balance = 0 WHERE user_id = $1", [u.id]);
      const poor = await request(ai.ctx, "transcribeAttachment", {
        params: { id: file.id },
        body: {},
        token: u.token,
      });
      expect(poor.status).toBe(402);
      expect(poor.body.message).toMatch(CJK);
      expect(ai.fake.received.length).toBe(asked);
    });
  });
});
