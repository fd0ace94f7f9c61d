import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { addIdea } from "../ai/helpers.ts";
import { exportZip, onOneDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";
import { imported } from "../import/helpers.ts";
import { makeImage, makeWav } from "./helpers.ts";

/** Uploads as the composer does: the file, and the length the recorder measured beside it. */
async function upload(ctx: TestCtx, u: TestUser, bytes: Uint8Array, name: string, durationMs?: string) {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  if (durationMs !== undefined) form.set("durationMs", durationMs);
  const res = await ctx.app.request("/api/attachments", {
    method: "POST",
    headers: { authorization: `Bearer ${u.token}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

onOneDatabase((ctx) => {
  describe("a recording's length", () => {
    it("is kept as the recorder measured it, answered with the recording, exported and imported again", async () => {
      const u = await registerUser(ctx);
      const voice = await upload(ctx, u, makeWav(), "录音-093012.wav", "12400");
      expect(voice.status).toBe(201);
      expect(voice.body.data).toMatchObject({ kind: "audio", durationMs: 12_400 });
      const unknown = await upload(ctx, u, makeWav(), "别处录的.wav");
      expect(unknown.body.data.durationMs).toBeNull();
      // a picture has none, whatever is sent
      const photo = await upload(ctx, u, await makeImage("png"), "图.png", "5000");
      expect(photo.status).toBe(201);
      expect(photo.body.data).not.toHaveProperty("durationMs");

      const id = await addIdea(ctx, u, "语音记录", {
        attachmentIds: [photo.body.data.id, voice.body.data.id],
      });
      const idea = await request(ctx, "getIdea", { params: { id }, token: u.token });
      expect(idea.body.data.attachments!.map((a) => a.durationMs)).toEqual([undefined, 12_400]);

      const zip = await exportZip(ctx, u);
      const data = JSON.parse(strFromU8(unzipSync(zip)["data.json"]!));
      const exported = new Map(
        data.attachments.map((a: { kind: string; durationMs?: number }) => [a.kind, a.durationMs]),
      );
      expect(exported).toEqual(
        new Map<string, number | undefined>([
          ["image", undefined],
          ["audio", 12_400],
        ]),
      );

      const other = await registerUser(ctx);
      const { status } = await imported(ctx, other, [
        { name: "export.zip", bytes: zip as Uint8Array<ArrayBuffer> },
      ]);
      expect(status.status).toBe("done");
      const theirs = await request(ctx, "listIdeas", { token: other.token });
      const copied = theirs.body.data.items[0]!;
      expect(copied.attachments!.find((a) => a.kind === "audio")!.durationMs).toBe(12_400);
    });

    it("refuses a length that is not whole milliseconds within reason, keeping nothing", async () => {
      const u = await registerUser(ctx);
      for (const bad of ["-5", "0", "1.5", "12s", "99999999999", "1e5"]) {
        const res = await upload(ctx, u, makeWav(), "录音.wav", bad);
        expect(res.status, bad).toBe(400);
        expect(res.body.message, bad).toBe("录音时长不正确");
      }
      expect((await ctx.db.query("SELECT 1 FROM attachments WHERE user_id = $1", [u.id])).rowCount).toBe(0);
    });
  });
});
