// One account's slow picture uploads never hold every slot (issue 30 §4): each account holds at most
// a quarter of them, so everyone else's pictures still go through. Raw sockets, as slow clients send.
import { expect, it } from "vitest";
import { makeImage, uploadFile } from "./attachment-helpers.ts";
import { onOneDatabase, registerUser, type TestUser } from "./helpers.ts";
import { listening } from "./listening.ts";
import { exchange } from "./raw-http.ts";

const BOUNDARY = "----shinian-slots";

/** The head and the first half of a picture's upload; the rest never comes. */
function halfAnUpload(user: TestUser, picture: Buffer) {
  const body = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="慢.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    picture,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const head =
    `POST /api/attachments HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer ${user.token}\r\n` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`;
  return [Buffer.concat([Buffer.from(head), body.subarray(0, body.length / 2)])];
}

onOneDatabase(
  (ctx) => {
    const tcp = listening(ctx);

    it("16 slow uploads of one account take 4 slots: another account's picture goes through, the account's own next one gets 429", async () => {
      const [slow, other] = [await registerUser(ctx), await registerUser(ctx)];
      const picture = await makeImage("png");
      const started = performance.now();
      const held = Array.from({ length: 16 }, () => exchange(tcp.port, halfAnUpload(slow, picture), 1));
      await new Promise((r) => setTimeout(r, 800)); // all 16 reach the route (16 sign-in lookups)

      const theirs = await uploadFile(ctx, other.token, await makeImage("png"));
      expect(theirs.status).toBe(201);
      const own = await uploadFile(ctx, slow.token, await makeImage("png"));
      expect(own.status).toBe(429);
      expect(own.body.message).toBe("同时上传的图片或录音最多 4 个，请等前面的传完再试");
      expect(performance.now() - started).toBeLessThan(2500); // before the slow ones stalled out

      // the 4 held are cut once they stall; the refused ones' 429 waits a while for their bodies
      const answers = (await Promise.all(held)).map((e) => e.answers[0]?.status);
      expect(answers.filter((s) => s === 408).length).toBeGreaterThanOrEqual(4);
      expect(answers.every((s) => s === 408 || s === 429)).toBe(true);
    });
  },
  { RATE_UPLOADS: "0", HTTP_HEADERS_TIMEOUT: "1s", HTTP_REQUEST_TIMEOUT: "3s" },
);
