import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { DELETE_ACCOUNT_PHRASE } from "@shinian/contract";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepUnreferenced } from "../../src/attachments/attachments.store.ts";
import { holdObjectKeys } from "../../src/attachments/object-deletions.store.ts";
import { objectKey } from "../../src/attachments/object-store.ts";
import { drainObjectDeletions } from "../../src/attachments/storage.ts";
import { ConfigError, loadConfig } from "../../src/env.ts";
import {
  call,
  exportZip,
  onOneDatabase,
  registerUser,
  request,
  type TestCtx,
  type TestUser,
} from "../helpers.ts";
import { makeImage, makeWav, signedParts, uploadFile } from "./helpers.ts";
import { type LocalS3, startLocalS3 } from "./local-s3.ts";

let s3: LocalS3;
// filled in before the suites' apps are made (their beforeAll runs after this one)
const env: Record<string, string> = {};
beforeAll(async () => {
  s3 = await startLocalS3();
  Object.assign(env, s3.env);
});
afterAll(() => s3?.stop());

const upload = async (ctx: TestCtx, u: TestUser, bytes?: Buffer) => {
  const res = await uploadFile(ctx, u.token, bytes ?? (await makeImage("png", { width: 300, height: 200 })));
  expect(res.status).toBe(201);
  return res.body.data as { id: string; url: string; thumbnailUrl: string; size: number };
};
const keysOf = (u: TestUser) => s3.keys(`users/${u.id}/`);
const bothKeys = (u: TestUser, id: string) => [objectKey(u.id, id, "file"), objectKey(u.id, id, "thumb")];

/** The bucket's keys of `u` once the background drain that follows a write has run. */
async function settledKeysOf(u: TestUser, expected: string[]) {
  const deadline = Date.now() + 5000;
  let keys = await keysOf(u);
  while (JSON.stringify(keys) !== JSON.stringify([...expected].sort()) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    keys = await keysOf(u);
  }
  return keys;
}

onOneDatabase((ctx) => {
  describe("attachments in an S3-compatible bucket (s3rver)", () => {
    it("puts the file and its thumbnail under the owner's keys, counts them, and serves them through the signed URLs", async () => {
      const u = await registerUser(ctx);
      const usedBefore = (await request(ctx, "getUsage", { token: u.token })).body.data.bytes;
      const file = await upload(ctx, u);
      expect(await keysOf(u)).toEqual(bothKeys(u, file.id).sort());
      const { rows } = await ctx.db.query(
        "SELECT data IS NULL AS no_data, thumb IS NULL AS no_thumb, object_bytes, object_thumb_bytes FROM attachments WHERE id = $1",
        [file.id],
      );
      expect(rows[0]).toMatchObject({ no_data: true, no_thumb: true });
      expect(rows[0].object_bytes + rows[0].object_thumb_bytes).toBe(file.size);
      expect((await request(ctx, "getUsage", { token: u.token })).body.data.bytes).toBe(
        usedBefore + file.size,
      );

      const served = await ctx.app.request(file.url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("content-disposition")).toBe("inline");
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.length).toBe(rows[0].object_bytes);
      expect((await sharp(bytes).metadata()).width).toBe(300);
      // a byte range (what Safari asks for a recording) is read from the bucket as a range
      const part = await ctx.app.request(file.url, { headers: { range: "bytes=8-23" } });
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes 8-23/${bytes.length}`);
      expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(8, 24));
      const thumb = await ctx.app.request(file.thumbnailUrl);
      expect(thumb.headers.get("content-type")).toBe("image/webp");
      expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).format).toBe("webp");
      // the signature still decides: another file's signature on this id is refused
      const other = await upload(ctx, u);
      const forged = file.url.replace(/sig=[^&]+/, `sig=${signedParts(other.url).sig}`);
      expect(forged).not.toBe(file.url);
      expect((await ctx.app.request(forged)).status).toBe(403);
    });

    it("deleting one account deletes its objects and never another's; deleting for good, replacing and the sweep leave none behind", async () => {
      const [a, b] = [await registerUser(ctx), await registerUser(ctx)];
      const [a1, a2, aLoose] = [await upload(ctx, a), await upload(ctx, a), await upload(ctx, a)];
      const b1 = await upload(ctx, b);
      const idea = (
        await request(ctx, "createIdea", { token: a.token, body: { content: "图", attachmentIds: [a1.id] } })
      ).body.data;
      await request(ctx, "createIdea", { token: b.token, body: { content: "图", attachmentIds: [b1.id] } });

      // an idea's files replaced: the one it no longer names is deleted, in the bucket too
      await request(ctx, "updateIdea", {
        token: a.token,
        params: { id: idea.id },
        body: { attachmentIds: [a2.id] },
      });
      expect(await settledKeysOf(a, [...bothKeys(a, a2.id), ...bothKeys(a, aLoose.id)])).toEqual(
        [...bothKeys(a, a2.id), ...bothKeys(a, aLoose.id)].sort(),
      );
      // deleted for good out of 回收站
      await request(ctx, "deleteIdea", { token: a.token, params: { id: idea.id } });
      await request(ctx, "deleteFromTrash", { token: a.token, params: { id: idea.id } });
      expect(await settledKeysOf(a, bothKeys(a, aLoose.id))).toEqual(bothKeys(a, aLoose.id).sort());
      // the sweep of uploads attached to nothing
      await ctx.db.query(
        "UPDATE attachments SET created_at = now() - interval '25 hours' WHERE user_id = $1",
        [a.id],
      );
      expect(await sweepUnreferenced(ctx.db, ctx.config.attachments.graceMs)).toBeGreaterThanOrEqual(1);
      await drainObjectDeletions(ctx.db, ctx.config.attachments.s3!);
      expect(await keysOf(a)).toEqual([]);

      // the account: its rows go by ON DELETE CASCADE, its objects by the outbox those deletes filled
      const a3 = await upload(ctx, a);
      await request(ctx, "createNote", {
        token: a.token,
        body: { title: "笔记", content: "图", attachmentIds: [a3.id] },
      });
      expect(await keysOf(a)).toHaveLength(2);
      const gone = await call(ctx, "DELETE", "/api/account", {
        token: a.token,
        body: { password: a.password, confirm: DELETE_ACCOUNT_PHRASE },
      });
      expect(gone.status).toBe(200);
      expect(await settledKeysOf(a, [])).toEqual([]);
      // b's file is untouched and still served
      expect(await keysOf(b)).toEqual(bothKeys(b, b1.id).sort());
      expect((await ctx.app.request(b1.url)).status).toBe(200);
      // the drain forgets a key after the bucket confirmed its deletion: a moment after it is gone
      const pending = async () =>
        (
          await ctx.db.query("SELECT count(*)::int AS n FROM object_deletions WHERE key LIKE $1", [
            `users/${a.id}/%`,
          ])
        ).rows[0].n;
      await expect.poll(pending, { timeout: 5000 }).toBe(0);
    });

    it("deletes objects an upload put but never recorded (its process died) once their hold runs out", async () => {
      const u = await registerUser(ctx);
      const keys = bothKeys(u, "00000000-0000-4000-8000-000000000001");
      for (const key of keys) {
        await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: Buffer.from("x") }));
      }
      // held after the puts: a drain still running from an earlier test could otherwise take the
      // due keys between a hold and its put, and forget them before the object exists
      await holdObjectKeys(ctx.db, keys, 0);
      // another upload's hold, not yet due, is left alone
      const held = bothKeys(u, "00000000-0000-4000-8000-000000000002");
      await holdObjectKeys(ctx.db, held, 3_600_000);
      for (const key of held) {
        await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: Buffer.from("y") }));
      }
      await drainObjectDeletions(ctx.db, ctx.config.attachments.s3!);
      expect(await keysOf(u)).toEqual(held.sort());
    });

    it("puts files from the bucket into the export", async () => {
      const u = await registerUser(ctx);
      const file = await upload(ctx, u);
      await request(ctx, "createIdea", {
        token: u.token,
        body: { content: "带图", attachmentIds: [file.id] },
      });
      const zip = unzipSync(await exportZip(ctx, u));
      const served = new Uint8Array(await (await ctx.app.request(file.url)).arrayBuffer());
      expect(zip[`files/${file.id}.png`]).toEqual(served);
    });

    it("completes an export while one of its pictures is deleted for good and its object drained meanwhile, saying which", async () => {
      const u = await registerUser(ctx);
      const [kept, gone] = [await upload(ctx, u), await upload(ctx, u)];
      await request(ctx, "createIdea", {
        token: u.token,
        body: { content: "留下的图", attachmentIds: [kept.id] },
      });
      const doomed = (
        await request(ctx, "createIdea", {
          token: u.token,
          body: { content: "要删的图", attachmentIds: [gone.id] },
        })
      ).body.data;
      const res = await ctx.app.request("/api/export", {
        method: "POST",
        headers: { authorization: `Bearer ${u.token}` },
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const chunks: Uint8Array[] = [(await reader.read()).value!]; // README.txt: the snapshot is taken
      await request(ctx, "deleteIdea", { token: u.token, params: { id: doomed.id } });
      await request(ctx, "deleteFromTrash", { token: u.token, params: { id: doomed.id } });
      await drainObjectDeletions(ctx.db, ctx.config.attachments.s3!);
      expect(await keysOf(u)).toEqual(bothKeys(u, kept.id).sort());
      for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
      const zip = unzipSync(new Uint8Array(Buffer.concat(chunks)));
      expect(zip[`files/${kept.id}.png`]).toBeDefined();
      expect(zip[`files/${gone.id}.png`]).toBeUndefined();
      const data = JSON.parse(Buffer.from(zip["data.json"]!).toString());
      expect(
        Object.fromEntries(data.attachments.map((a: { id: string; file: string | null }) => [a.id, a.file])),
      ).toEqual({ [kept.id]: `files/${kept.id}.png`, [gone.id]: null });
    });
  });
}, env);

onOneDatabase(
  (ctx) => {
    it("answers 503 in Chinese and keeps nothing when the bucket cannot be reached", async () => {
      const u = await registerUser(ctx);
      const res = await uploadFile(ctx, u.token, await makeImage("png"));
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
      const { rows } = await ctx.db.query("SELECT 1 FROM attachments WHERE user_id = $1", [u.id]);
      expect(rows).toEqual([]);
      // what it may have put is due for deletion at once, not held for an hour
      const held = await ctx.db.query(
        "SELECT due_at <= now() AS due FROM object_deletions WHERE key LIKE $1",
        [`users/${u.id}/%`],
      );
      expect(held.rows).toEqual([{ due: true }, { due: true }]);
    });
  },
  {
    // nothing listens on port 9 (discard) here: the connection is refused
    S3_ENDPOINT: "http://127.0.0.1:9",
    S3_BUCKET: "nowhere",
    S3_ACCESS_KEY_ID: "x",
    S3_SECRET_ACCESS_KEY: "x",
    S3_FORCE_PATH_STYLE: "true",
  },
);

// A bucket that holds every request unanswered, until the test has it fail them all (503).
const silentEnv: Record<string, string> = {};
let silent: Server;
const held: { req: IncomingMessage; res: ServerResponse }[] = [];
let failing = false;
beforeAll(async () => {
  silent = createServer((req, res) => {
    if (failing) res.writeHead(503).end();
    else held.push({ req, res });
  });
  await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
  Object.assign(silentEnv, {
    S3_ENDPOINT: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
    S3_BUCKET: "slow",
    S3_ACCESS_KEY_ID: "x",
    S3_SECRET_ACCESS_KEY: "x",
    S3_FORCE_PATH_STYLE: "true",
  });
});
afterAll(() => {
  silent?.close();
  silent?.closeAllConnections();
});

onOneDatabase((ctx) => {
  it("counts an upload waiting on a slow bucket among those being received: past 16, 503 at once", async () => {
    // four accounts of four uploads each: one account alone may hold only 4 of the 16 places
    const users = await Promise.all(Array.from({ length: 5 }, () => registerUser(ctx)));
    failing = false;
    held.length = 0;
    const waiting = Array.from({ length: 16 }, (_, i) =>
      uploadFile(ctx, users[i % 4]!.token, makeWav(), "voice.wav", "audio/wav"),
    );
    const deadline = Date.now() + 10_000;
    const puts = () => held.filter(({ req }) => req.method === "PUT").length;
    while (puts() < 16 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(puts()).toBe(16);
    const further = await Promise.race([
      uploadFile(ctx, users[4]!.token, makeWav(), "voice.wav", "audio/wav"),
      new Promise((r) => setTimeout(() => r("still waiting"), 3000)),
    ]);
    expect(further).toMatchObject({ status: 503, body: { message: "图片上传繁忙，请稍后再试" } });
    // the bucket fails them: the waiting uploads answer 503 (the SDK's retries fail too)
    failing = true;
    for (const { res } of held.splice(0)) res.writeHead(503).end();
    for (const res of await Promise.all(waiting)) expect(res.status).toBe(503);
  });
}, silentEnv);

describe("S3_* settings", () => {
  it("stop the server at start when half given, naming what is missing", () => {
    expect(() => loadConfig({ S3_BUCKET: "files" })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ENDPOINT: "https://oss-cn-hangzhou.aliyuncs.com" })).toThrow(
      /S3_BUCKET: unset/,
    );
    expect(() => loadConfig({ S3_BUCKET: "files", S3_ENDPOINT: "oss-cn-hangzhou.aliyuncs.com" })).toThrow(
      ConfigError,
    );
    expect(loadConfig({}).attachments.s3).toBeNull();
    expect(
      loadConfig({
        S3_BUCKET: "files",
        S3_ACCESS_KEY_ID: "k",
        S3_SECRET_ACCESS_KEY: "s",
        S3_FORCE_PATH_STYLE: "true",
      }).attachments.s3,
    ).toEqual({
      bucket: "files",
      endpoint: undefined,
      region: "us-east-1",
      accessKeyId: "k",
      secretAccessKey: "s",
      forcePathStyle: true,
    });
  });
});
