import net from "node:net";
import { strToU8, zipSync } from "fflate";
import { expect, it } from "vitest";
import { onOneDatabase, registerUser, type TestCtx, type TestUser } from "../helpers.ts";
import { listening } from "../listening.ts";
import { exchange, multipartUpload, postHead } from "../raw-http.ts";
import { jobsOf } from "./helpers.ts";

/** An upload of `text` to 导入数据: its head, then its body cut in `pieces` with `gapMs` before each. */
function slowUpload(user: TestUser, text: string, pieces: number, gapMs: number) {
  const { head, body } = multipartUpload("/api/import", user.token, { name: "慢.md", bytes: text });
  const size = Math.ceil(body.length / pieces);
  const parts: (string | Buffer | number)[] = [head];
  for (let at = 0; at < body.length; at += size) parts.push(gapMs, body.subarray(at, at + size));
  return parts;
}

/** An upload of `text`: its head, then `burst` bytes of its body at once, then a byte every `gapMs`. */
function trickle(user: TestUser, text: string, burst: number, gapMs: number) {
  const { head, body } = multipartUpload("/api/import", user.token, { name: "慢.md", bytes: text });
  const parts: (string | Buffer | number)[] = [head, 100, body.subarray(0, burst)];
  for (let at = burst; at < body.length; at++) parts.push(gapMs, body.subarray(at, at + 1));
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

    it("an upload trickling in (a byte at a time, never stalling) is cut once a rate window has passed", async () => {
      const user = await registerUser(ctx);
      const cut = await exchange(tcp.port, trickle(user, "一点一点地传", 0, 150), 1);
      expect(cut.answers.map((a) => a.status)).toEqual([408]);
      expect(cut.ms).toBeLessThan(4000); // the body alone takes 25 s
      expect(await settledJobs(ctx, user)).toEqual([]);
    });

    it("an upload that bursts then trickles is cut by its rate over the last window, not its average since the start", async () => {
      const user = await registerUser(ctx);
      // 6 kB at once, then 7 bytes a second: its average stays above 16 B/s for six minutes
      const cut = await exchange(tcp.port, trickle(user, `${"快".repeat(2000)}然后很慢`, 6000, 150), 1);
      expect(cut.answers.map((a) => a.status)).toEqual([408]);
      expect(cut.ms).toBeLessThan(4000);
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
  { RATE_UPLOADS: "0" },
  {
    http: {
      headersTimeoutMs: 500,
      requestTimeoutMs: 1000,
      uploadMinBytesPerSecond: 16,
      uploadRateWindowMs: 1000,
    },
  },
);

// Without a request timeout (HTTP_REQUEST_TIMEOUT=0: no stall bound), an upload's rate and its
// longest time still hold.
onOneDatabase(
  (ctx) => {
    const tcp = listening(ctx);

    it("with no request timeout, a trickle is still cut by its rate, and a steady upload by UPLOAD_MAX_DURATION", async () => {
      const user = await registerUser(ctx);
      const cut = await exchange(tcp.port, trickle(user, "一点一点地传", 0, 150), 1);
      expect(cut.answers.map((a) => a.status)).toEqual([408]);
      expect(cut.ms).toBeLessThan(4000);

      expect(await settledJobs(ctx, user)).toEqual([]);

      // ~70 bytes a second for 3 s: fast enough, but longer than 2 s
      const long = await exchange(tcp.port, slowUpload(user, "慢慢传上来的笔记".repeat(2), 10, 300), 1);
      expect(long.answers.map((a) => a.status)).toEqual([408]);
      expect(long.ms).toBeGreaterThan(1900); // not its rate: its time (the body ends at 3 s)
      expect(await settledJobs(ctx, user)).toEqual([]);
    });
  },
  { RATE_UPLOADS: "0" },
  {
    http: {
      requestTimeoutMs: 0,
      uploadMinBytesPerSecond: 16,
      uploadRateWindowMs: 1000,
      uploadMaxDurationMs: 2000,
    },
  },
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
      const { head, body } = multipartUpload("/api/import", user.token, {
        name: "笔记.zip",
        bytes: Buffer.from(zip),
      });
      const socket = net.connect({ port: tcp.port, host: "127.0.0.1" });
      socket.on("error", () => undefined);
      socket.write(head);
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
