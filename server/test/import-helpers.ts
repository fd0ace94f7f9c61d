import type { ImportCreated, ImportStatus } from "@shinian/contract";
import { expect } from "vitest";
import { type Res, request, type TestCtx, type TestUser } from "./helpers.ts";

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
