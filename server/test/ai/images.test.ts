import { describe, expect, it } from "vitest";
import { withImageMentions, withoutMentions } from "../../src/ai/image-mentions.ts";
import { makeImage, makeWav, uploadFile } from "../attachments/helpers.ts";
import { tokens } from "../fake-provider.ts";
import { onOneDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";
import { addIdea, askAll, newConversation, withProvider } from "./helpers.ts";

const upload = async (ctx: TestCtx, u: TestUser, name: string) => {
  const bytes = await makeImage("jpeg", { width: 96, height: 64 });
  const res = await uploadFile(ctx, u.token, bytes, name, "image/jpeg");
  expect(res.status).toBe(201);
  return { id: res.body.data.id as string, bytes };
};

/** What went to the provider carries the picture's name and nothing of the picture itself. */
function expectNamesOnly(sent: unknown, name: string, files: { id: string; bytes: Buffer }[]) {
  const text = JSON.stringify(sent);
  expect(text).toContain(`[图片：${name}]`);
  for (const f of files) {
    expect(text).not.toContain(f.id); // neither the reference nor a URL of it
    expect(text).not.toContain(f.bytes.subarray(0, 48).toString("base64").slice(0, 40));
  }
  expect(text).not.toMatch(/image_url|data:image|base64|\/api\/files\//);
}

onOneDatabase((ctx) => {
  const ai = withProvider(ctx, () => ({
    kind: "stream",
    chunks: tokens('```json\n{"title":"报销","content":"出差的收据。","tags":["报销"]}\n```', 7),
  }));

  describe("what the AI sees of images", () => {
    it("tidy reads an idea's pictures by file name, never their bytes, and is told not to guess them", async () => {
      const u = await registerUser(ctx);
      const receipt = await upload(ctx, u, "收据.jpg");
      const id = await addIdea(ctx, u, "出差的收据，回头报销", { attachmentIds: [receipt.id] });
      const tidied = await request(ai.ctx, "tidyIdea", { params: { id }, token: u.token });
      expect(tidied.status).toBe(200);
      const messages = ai.fake.received.at(-1)!.body.messages;
      expect(messages.at(-1)).toEqual({ role: "user", content: "出差的收据，回头报销\n\n[图片：收据.jpg]" });
      expect(messages[0]!.content).toContain("你看不到图片内容");
      expectNamesOnly(messages, "收据.jpg", [receipt]);
      // the original words stay as typed
      expect(tidied.body.data.idea.originalContent).toBe("出差的收据，回头报销");
    });

    it("chat grounding reads a note's inline pictures as [图片：名字] in place", async () => {
      const u = await registerUser(ctx);
      const [receipt, board] = [await upload(ctx, u, "收据.jpg"), await upload(ctx, u, "白板.jpg")];
      const note = await request(ctx, "createNote", {
        token: u.token,
        body: {
          title: "出差报销",
          content: `出差报销的收据：\n\n![随便写的](attachment:${receipt.id})\n\n白板：![](attachment:${board.id})`,
        },
      });
      const conversation = await newConversation(ctx, u, {
        subject: { type: "note", id: note.body.data.id },
      });
      await askAll(ai.ctx, u, conversation, "这篇笔记讲了什么？");
      const sent = ai.fake.received.at(-1)!.body.messages;
      // the stored file name, not the alt text someone typed
      expect(JSON.stringify(sent)).toContain(
        "出差报销的收据：\\n\\n[图片：收据.jpg]\\n\\n白板：[图片：白板.jpg]",
      );
      expectNamesOnly(sent, "白板.jpg", [receipt, board]);
    });
  });
});

onOneDatabase((ctx) => {
  // a model that echoes the marks it was given back into its answer
  const echo = withProvider(ctx, () => ({
    kind: "stream",
    chunks: tokens(
      JSON.stringify({
        title: "散步 [录音：录音-093012.wav]",
        content: "散步时想到周末去爬山。[录音：录音-093012.wav]\n\n[图片：山.jpg]\n\n带上水。",
        tags: ["散步"],
      }),
      9,
    ),
  }));

  describe("what the AI hears of recordings", () => {
    it("tidy names a voice note as [录音：…], never as a picture, and its mark never lands in the tidied card", async () => {
      const u = await registerUser(ctx);
      const voice = await uploadFile(ctx, u.token, makeWav(), "录音-093012.wav", "audio/wav");
      expect(voice.status).toBe(201);
      const photo = await upload(ctx, u, "山.jpg");
      const id = await addIdea(ctx, u, "散步时想到周末去爬山", {
        attachmentIds: [photo.id, voice.body.data.id],
      });
      const tidied = await request(echo.ctx, "tidyIdea", { params: { id }, token: u.token });
      expect(tidied.status).toBe(200);
      const [system, user] = echo.fake.received.at(-1)!.body.messages as { content: string }[];
      expect(user!.content).toBe("散步时想到周末去爬山\n\n[图片：山.jpg]\n[录音：录音-093012.wav]");
      expect(user!.content).not.toContain("[图片：录音");
      expect(system!.content).toContain("「[录音：文件名]」表示用户附带的一段录音，你听不到录音内容");
      expect(system!.content).toContain("整理后的标题和正文里不要写出「[图片：…]」「[录音：…]」这样的标记");
      expect(tidied.body.data.idea).toMatchObject({
        title: "散步",
        content: "散步时想到周末去爬山。\n\n带上水。",
        originalContent: "散步时想到周末去爬山",
      });
      expect(tidied.body.data.version).toMatchObject({
        title: "散步",
        content: "散步时想到周末去爬山。\n\n带上水。",
      });
      // the recording is still on the idea: only the mark was taken out of the text
      const idea = await request(ctx, "getIdea", { params: { id }, token: u.token });
      expect(idea.body.data.attachments!.map((a: { kind: string }) => a.kind)).toEqual(["image", "audio"]);
    });

    it("chat grounding and 整理成笔记 say 录音 too, and a composed note keeps no mark", async () => {
      const u = await registerUser(ctx);
      const voice = await uploadFile(ctx, u.token, makeWav(), "录音-093012.wav", "audio/wav");
      const id = await addIdea(ctx, u, "散步时想到周末去爬山", { attachmentIds: [voice.body.data.id] });
      const conversation = await newConversation(ctx, u, { subject: { type: "idea", id } });
      await askAll(echo.ctx, u, conversation, "这条说了什么？");
      const asked = JSON.stringify(echo.fake.received.at(-1)!.body.messages);
      expect(asked).toContain("散步时想到周末去爬山\\n\\n[录音：录音-093012.wav]");
      expect(asked).toContain("「[录音：文件名]」是用户附带的录音");
      expect(asked).not.toContain("[图片：录音");

      const composed = await request(echo.ctx, "composeNote", { token: u.token, body: { ideaIds: [id] } });
      expect(composed.status).toBe(201);
      expect(JSON.stringify(echo.fake.received.at(-1)!.body.messages)).toContain("[录音：录音-093012.wav]");
      expect(composed.body.data.note.content).toBe("散步时想到周末去爬山。\n\n带上水。");
      expect(composed.body.data.note.title).toBe("散步");
    });
  });
});

onOneDatabase((ctx) => {
  const vision = withProvider(
    ctx,
    () => ({
      kind: "stream",
      chunks: tokens('```json\n{"title":"报销","content":"出差的收据，金额 128 元。","tags":[]}\n```', 7),
    }),
    { AI_VISION: "true" },
  );

  describe("AI_VISION", () => {
    it("tidy shows the model an idea's thumbnails; what it reads of them goes into the tidied version, never the original", async () => {
      const u = await registerUser(ctx);
      const receipt = await upload(ctx, u, "收据.jpg");
      const id = await addIdea(ctx, u, "出差的收据", { attachmentIds: [receipt.id] });
      const tidied = await request(vision.ctx, "tidyIdea", { params: { id }, token: u.token });
      expect(tidied.status).toBe(200);
      expect(tidied.body.data.idea).toMatchObject({
        content: "出差的收据，金额 128 元。",
        originalContent: "出差的收据",
      });
      const [system, user] = vision.fake.received.at(-1)!.body.messages as unknown as [
        { content: string },
        { content: { type: string; text?: string; image_url?: { url: string } }[] },
      ];
      expect(system.content).toContain("图片按顺序附在后面");
      expect(user.content.map((p) => p.type)).toEqual(["text", "text", "image_url"]);
      expect(user.content[0]!.text).toBe("出差的收据\n\n[图片：收据.jpg]");
      const url = user.content[2]!.image_url!.url;
      expect(url).toMatch(/^data:image\/webp;base64,/);
      const idea = await request(ctx, "getIdea", { params: { id }, token: u.token });
      const thumb = await ctx.app.request(idea.body.data.attachments![0]!.thumbnailUrl!);
      expect(Buffer.from(url.split(",")[1]!, "base64")).toEqual(Buffer.from(await thumb.arrayBuffer()));
    });

    it("chat still reads pictures by name only", async () => {
      const u = await registerUser(ctx);
      const receipt = await upload(ctx, u, "收据.jpg");
      const id = await addIdea(ctx, u, "出差的收据", { attachmentIds: [receipt.id] });
      const conversation = await newConversation(ctx, u, { subject: { type: "idea", id } });
      await askAll(vision.ctx, u, conversation, "这是什么？");
      expectNamesOnly(vision.fake.received.at(-1)!.body.messages, "收据.jpg", [receipt]);
    });
  });
});

describe("withImageMentions", () => {
  it("names referenced and unreferenced files, keeps unknown ones by their alt text, and stays linear", () => {
    const id = "3f1c2a4e-8b7d-4c61-9e2f-0a1b2c3d4e5f";
    const other = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
    const files = new Map([
      [id, { name: "收据.jpg", kind: "image" as const }],
      ["0f0e0d0c-0b0a-4909-8807-060504030201", { name: "名字]\n带换行.png", kind: "image" as const }],
    ]);
    expect(
      withImageMentions(`看 ![x](attachment:${id.toUpperCase()}) 和 ![旧图](attachment:${other})`, files),
    ).toBe("看 [图片：收据.jpg] 和 [图片：旧图]\n\n[图片：名字  带换行.png]");
    const hostile = `${"![".repeat(100_000)}](attachment:${id})`;
    const started = performance.now();
    withImageMentions(hostile, files);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("withoutMentions", () => {
  it("takes out the marks a model echoed, keeps the ones the person typed, and the rest of the text as it was", () => {
    expect(withoutMentions("第一段[录音：a.webm]。\n\n[图片：b.jpg]\n[图片]\n\n第二段  \n末行")).toBe(
      "第一段。\n\n第二段  \n末行",
    );
    expect(withoutMentions("看 [图片: 收据.jpg] 这张")).toBe("看 这张");
    expect(withoutMentions("我写的[图片：示意]留着，[录音：x.webm]不留", "原文里有[图片：示意]")).toBe(
      "我写的[图片：示意]留着，不留",
    );
    const untouched = "没有标记的文字  \n\n\n\n保持原样";
    expect(withoutMentions(untouched)).toBe(untouched);
  });

  it("names a recording by its kind", () => {
    const files = new Map([
      ["3f1c2a4e-8b7d-4c61-9e2f-0a1b2c3d4e5f", { name: "录音-101500.webm", kind: "audio" as const }],
    ]);
    expect(withImageMentions("想法", files)).toBe("想法\n\n[录音：录音-101500.webm]");
  });
});
