import net from "node:net";
import { strToU8, zipSync } from "fflate";
import { expect, it } from "vitest";
import { onOneDatabase, registerUser, type TestCtx, type TestUser } from "./helpers.ts";
import { jobsOf } from "./import-helpers.ts";
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

/** The user's jobs once none is arriving or being previewed any more. */
async function settledJobs(ctx: TestCtx, user: TestUser) {
  let jobs = await jobsOf(ctx, user);
  for (let i = 0; i < 200 && jobs.some((j) => j.status === "uploading"); i++) {
    await new Promise((r) => setTimeout(r, 10));
    jobs = await jobsOf(ctx, user);
  }
  return jobs;
}

onOneDatabase(
  (ctx) => {
    const tcp = listening(ctx);

    it("an upload trickling in (a byte at a time, never stalling) is cut at the request timeout for its rate", async () => {
      const user = await registerUser(ctx);
      const [requestHead, ...rest] = slowUpload(user, "一点一点地传", 1, 0);
      const body = rest[1] as Buffer;
      const trickle: (string | Buffer | number)[] = [requestHead as string];
      for (let at = 0; at < body.length; at++) trickle.push(150, body.subarray(at, at + 1));
      const cut = await exchange(tcp.port, trickle, 1);
      expect(cut.answers.map((a) => a.status)).toEqual([408]);
      expect(cut.ms).toBeLessThan(2500);
      expect(await settledJobs(ctx, user)).toEqual([]);
    });

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
  // the steady upload below sends ~70 bytes a second
  { HTTP_HEADERS_TIMEOUT: "500ms", HTTP_REQUEST_TIMEOUT: "1s", UPLOAD_MIN_RATE: "16", RATE_UPLOADS: "0" },
);

// A preview's own time: the upload is stored at the database's pace, which must not count as a stall.
onOneDatabase(
  (ctx) => {
    const tcp = listening(ctx);

    it("a preview whose client left once its upload was in stops, and keeps nothing", async () => {
      const user = await registerUser(ctx);
      // enough notes that the preview outlasts the client
      const zip = zipSync(
        Object.fromEntries(
          Array.from({ length: 6000 }, (_, i) => [`${i}.md`, strToU8(`# 第${i}条\n\n内容`)]),
        ),
      );
      const body = Buffer.concat([
        Buffer.from(head.replace("慢.md", "笔记.zip")),
        Buffer.from(zip),
        Buffer.from(tail),
      ]);
      const socket = net.connect({ port: tcp.port, host: "127.0.0.1" });
      socket.on("error", () => undefined);
      socket.write(
        `POST /api/import HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer ${user.token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      socket.write(body);
      // gone as soon as all of the file is stored, while its preview runs
      for (let i = 0; i < 500 && (await jobsOf(ctx, user))[0]?.bytes !== zip.length; i++) {
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(await jobsOf(ctx, user)).toMatchObject([{ status: "uploading", bytes: zip.length }]);
      socket.destroy();
      expect(await settledJobs(ctx, user)).toEqual([]);
    });
  },
  { RATE_UPLOADS: "0" },
);
