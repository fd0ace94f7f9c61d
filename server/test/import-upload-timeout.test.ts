import { expect, it } from "vitest";
import { onOneDatabase, registerUser, type TestUser } from "./helpers.ts";
import { listening } from "./listening.ts";
import { exchange, postHead } from "./raw-http.ts";

const BOUNDARY = "----shinian-slow";
const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="慢.md"\r\n\r\n`;
const tail = `\r\n--${BOUNDARY}--\r\n`;

/** A multipart upload's head and body, the body cut in `pieces` with `gapMs` between them. */
function slowUpload(user: TestUser, text: string, pieces: number, gapMs: number) {
  const body = Buffer.from(head + text + tail);
  const requestHead =
    `POST /api/import HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer ${user.token}\r\n` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`;
  const size = Math.ceil(body.length / pieces);
  const parts: (string | Buffer | number)[] = [requestHead];
  for (let at = 0; at < body.length; at += size) parts.push(gapMs, body.subarray(at, at + size));
  return parts;
}

onOneDatabase(
  (ctx) => {
    const tcp = listening(ctx);

    it("an upload arriving steadily takes longer than the request timeout; one that stalls gets 408, and other requests keep their timeout", async () => {
      const user = await registerUser(ctx);
      // 2.4 s in all, a piece every 300 ms: past HTTP_REQUEST_TIMEOUT (1 s), never stalled that long
      const steady = await exchange(tcp.port, slowUpload(user, "慢慢传上来的笔记", 8, 300), 1);
      expect(steady.ms).toBeGreaterThan(2000);
      expect(steady.answers.map((a) => a.status)).toEqual([201]);

      const stalled = slowUpload(user, "传到一半就停了", 2, 100).slice(0, 3); // half the body, then nothing
      const cut = await exchange(tcp.port, stalled, 1);
      expect(cut.answers.map((a) => a.status)).toEqual([408]);
      expect(JSON.parse(cut.answers[0]!.body)).toMatchObject({ success: false, code: "REQUEST_TIMEOUT" });
      expect(cut.ms).toBeLessThan(2500);
      expect(cut.answers[0]!.headers.connection).toBe("close");

      // a slow body anywhere else is still bounded by the whole request's time
      const other = await exchange(
        tcp.port,
        [postHead("/api/notes", 100, `Authorization: Bearer ${user.token}\r\n`), "{"],
        1,
      );
      expect(other.answers.map((a) => a.status)).toEqual([408]);

      // the stalled upload left nothing, and the steady one's preview is kept
      let jobs: unknown[] = [];
      for (let i = 0; i < 100 && jobs.length !== 1; i++) {
        await new Promise((r) => setTimeout(r, 20));
        jobs = (await ctx.db.query("SELECT status FROM import_jobs WHERE user_id = $1", [user.id])).rows;
      }
      expect(jobs).toEqual([{ status: "previewed" }]);
    });
  },
  { HTTP_HEADERS_TIMEOUT: "500ms", HTTP_REQUEST_TIMEOUT: "1s" },
);
