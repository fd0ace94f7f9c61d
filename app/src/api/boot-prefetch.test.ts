import { describe, expect, it } from "vitest";
import { type BootPrefetch, takePrefetchedAnswer } from "./boot-prefetch.ts";

const ME = "https://shinian.test/api/auth/me";
const early = (answers: Record<string, Promise<Response>>, at = 1_000): BootPrefetch => ({
  token: "token-a",
  at,
  answers,
});
const get = (url: string, method = "GET") => new Request(url, { method });

describe("the answers boot.js asked for before the app ran", () => {
  it("are handed out for the same GET with the same token, once", async () => {
    const answer = new Response("{}", { status: 401 });
    const started = early({ [ME]: Promise.resolve(answer) });
    await expect(Promise.resolve(takePrefetchedAnswer(get(ME), "token-a", started, 2_000))).resolves.toBe(
      answer,
    );
    await expect(
      Promise.resolve(takePrefetchedAnswer(get(ME), "token-a", started, 2_000)),
    ).resolves.toBeUndefined();
  });

  it("are not handed out for another token, another request, or once stale", () => {
    const answer = () => Promise.resolve(new Response("{}"));
    expect(takePrefetchedAnswer(get(ME), "token-b", early({ [ME]: answer() }), 2_000)).toBeUndefined();
    expect(takePrefetchedAnswer(get(ME), null, early({ [ME]: answer() }), 2_000)).toBeUndefined();
    expect(
      takePrefetchedAnswer(get(`${ME}?x=1`), "token-a", early({ [ME]: answer() }), 2_000),
    ).toBeUndefined();
    expect(
      takePrefetchedAnswer(get(ME, "POST"), "token-a", early({ [ME]: answer() }), 2_000),
    ).toBeUndefined();
    expect(takePrefetchedAnswer(get(ME), "token-a", early({ [ME]: answer() }), 20_000)).toBeUndefined();
    expect(takePrefetchedAnswer(get(ME), "token-a", undefined, 2_000)).toBeUndefined();
  });

  it("leave the request to the client when theirs failed (offline)", async () => {
    const failed = Promise.reject(new TypeError("Failed to fetch"));
    failed.catch(() => undefined);
    await expect(
      takePrefetchedAnswer(get(ME), "token-a", early({ [ME]: failed }), 2_000),
    ).resolves.toBeUndefined();
  });
});
