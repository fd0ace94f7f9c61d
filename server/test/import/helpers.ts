import type { ImportCreated, ImportStatus } from "@shinian/contract";
import { strToU8 } from "fflate";
import { expect } from "vitest";
import { type Res, request, type TestCtx, type TestUser } from "../helpers.ts";

export type Upload = { name: string; bytes: Uint8Array<ArrayBuffer> | string };

/** POST /api/import with each file as a `file` part (a folder upload), as a browser sends it. */
export async function upload(ctx: TestCtx, user: TestUser, files: Upload[]): Promise<Res> {
  const form = new FormData();
  for (const f of files) form.append("file", new File([f.bytes], f.name));
  const res = await ctx.app.request("/api/import", {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

export async function previewed(ctx: TestCtx, user: TestUser, files: Upload[]): Promise<ImportCreated> {
  const res = await upload(ctx, user, files);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** Polls the job until it is no longer running. */
export async function settled(ctx: TestCtx, user: TestUser, id: string): Promise<ImportStatus> {
  for (let i = 0; i < 400; i++) {
    const res = await request(ctx, "getImport", { token: user.token, params: { id } });
    expect(res.status).toBe(200);
    if (res.body.data.status !== "running") return res.body.data;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("import still running");
}

/** Uploads, starts and waits: the finished job's status. */
export async function imported(ctx: TestCtx, user: TestUser, files: Upload[], takeProfile?: boolean) {
  const { jobId } = await previewed(ctx, user, files);
  const start = await request(ctx, "startImport", {
    token: user.token,
    params: { id: jobId },
    body: { takeProfile },
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  return { jobId, status: await settled(ctx, user, jobId) };
}

/** The user's import jobs, with their stored chunks: how many, and their bytes. */
export const jobsOf = async (ctx: TestCtx, user: TestUser) =>
  (
    await ctx.db.query<{ status: string; chunks: number; bytes: number }>(
      `SELECT status, (SELECT count(*)::int FROM import_chunks WHERE job_id = j.id) AS chunks,
         (SELECT coalesce(sum(octet_length(data)), 0)::int FROM import_chunks WHERE job_id = j.id) AS bytes
       FROM import_jobs j WHERE user_id = $1`,
      [user.id],
    )
  ).rows;

const BOUNDARY = "----shinian-test";

/**
 * An upload whose body arrives when the test says: the request is under way (its job
 * 'uploading') until `finish()` sends the rest.
 */
export function arrivingUpload(ctx: TestCtx, user: TestUser, name: string, text: string) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  controller.enqueue(
    strToU8(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        "Content-Type: text/markdown\r\n\r\n",
    ),
  );
  const answer = ctx.app.request("/api/import", {
    method: "POST",
    headers: {
      authorization: `Bearer ${user.token}`,
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
    },
    body,
    duplex: "half",
  } as RequestInit);
  return {
    finish: async (): Promise<Res> => {
      controller.enqueue(strToU8(`${text}\r\n--${BOUNDARY}--\r\n`));
      controller.close();
      const res = await answer;
      return { status: res.status, body: await res.json(), headers: res.headers };
    },
  };
}

/** Waits until the user's upload is under way. */
export async function uploading(ctx: TestCtx, user: TestUser) {
  for (let i = 0; i < 200; i++) {
    if ((await jobsOf(ctx, user)).some((j) => j.status === "uploading")) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("the upload never started");
}
