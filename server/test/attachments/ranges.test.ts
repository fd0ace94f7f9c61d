// Serving a file (issue 30 §7, §8): a byte range is read from PostgreSQL as that range, and the
// answer is cached no longer than its signed URL works.
import { expect, it } from "vitest";
import { onOneDatabase, registerUser } from "../helpers.ts";
import { proxiedApp } from "../row-counting-proxy.ts";
import { makeWav, uploadFile } from "./helpers.ts";

onOneDatabase((ctx) => {
  const proxied = proxiedApp(ctx);

  it("a 1-byte range of a 1 MB recording reads that byte, not the recording", async () => {
    const u = await registerUser(ctx);
    const wav = makeWav(60_000); // ~960 kB
    const up = await uploadFile(ctx, u.token, wav, "长录音.wav");
    expect(up.status).toBe(201);
    const { app, proxy } = proxied;

    proxy.bytesPerStatement.length = 0;
    const res = await app.request(up.body.data.url, { headers: { range: "bytes=0-0" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 0-0/${wav.length}`);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(wav.subarray(0, 1));
    // what PostgreSQL sent for the whole request: rows of a few hundred bytes, no recording
    expect(proxy.bytesPerStatement.reduce((a, b) => a + b, 0)).toBeLessThan(4096);

    const tail = await app.request(up.body.data.url, { headers: { range: "bytes=-100" } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(wav.subarray(wav.length - 100));
    const whole = await app.request(up.body.data.url);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(wav);
  });

  it("a file's answer is cached no longer than its signed URL works, and not as immutable", async () => {
    const u = await registerUser(ctx);
    const up = await uploadFile(ctx, u.token, makeWav(), "短录音.wav");
    const res = await ctx.app.request(up.body.data.url);
    expect(res.status).toBe(200);
    const cache = res.headers.get("cache-control")!;
    expect(cache).not.toContain("immutable");
    const maxAge = Number(/max-age=(\d+)/.exec(cache)![1]);
    const exp = Number(new URL(up.body.data.url, "http://x").searchParams.get("exp"));
    expect(maxAge).toBeLessThanOrEqual(
      Math.min(ctx.config.attachments.urlTtlMs / 1000, exp - Date.now() / 1000 + 1),
    );
  });
});
