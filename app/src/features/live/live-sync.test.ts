import { afterEach, describe, expect, it, vi } from "vitest";
import { response } from "../../api/client.ts";
import { followLiveEvents } from "../../api/live-events.ts";
import { tokenStore } from "../../auth/token-store.ts";
import { refreshAccount } from "./live-sync.ts";

// GET /api/events as the test writes it (the app's client needs a page's origin)
vi.mock("../../api/client.ts", async (actual) => ({
  ...(await actual<typeof import("../../api/client.ts")>()),
  response: vi.fn(),
}));

afterEach(() => {
  tokenStore.clearAll();
});

/** GET /api/events answering these SSE lines, then ending. */
const streaming = (text: string) =>
  vi
    .mocked(response)
    .mockResolvedValue(new Response(text, { status: 200, headers: { "content-type": "text/event-stream" } }));

describe("the live stream's account event", () => {
  it("is handed to onAccount, apart from item changes", async () => {
    streaming(
      'event: ready\nid: 6\ndata: {}\n\nevent: account\nid: 6\ndata: {"changed":"unreadDigests"}\n\n',
    );
    const controller = new AbortController();
    const on = {
      onEvent: vi.fn(),
      onReload: vi.fn(),
      onAccount: vi.fn(() => controller.abort()),
      onConnected: vi.fn(),
    };
    await followLiveEvents(controller.signal, on);
    expect(on.onAccount).toHaveBeenCalledTimes(1);
    expect(on.onEvent).not.toHaveBeenCalled();
    expect(on.onReload).not.toHaveBeenCalled();
  });
});

describe("refreshAccount", () => {
  const me = { id: "u1", account: "a@example.com", unreadDigests: 2 };

  it("takes the server's unread 周报/月报 count for the person signed in", async () => {
    tokenStore.login("t", { id: "u1", account: "a@example.com", unreadDigests: 0, nickname: "阿拾" });
    await refreshAccount("u1", async () => me);
    expect(tokenStore.get().user).toMatchObject({ id: "u1", unreadDigests: 2, nickname: "阿拾" });
    await refreshAccount("u1", async () => ({ ...me, unreadDigests: 0 }));
    expect(tokenStore.get().user?.unreadDigests).toBe(0);
  });

  it("asks once more after a read under way, so the last count shown is the newest", async () => {
    tokenStore.login("t", { id: "u1", account: "a@example.com", unreadDigests: 0 });
    // the older answer is the slower one: read side by side, it would land last
    const answers = [
      { ms: 40, unreadDigests: 1 },
      { ms: 5, unreadDigests: 3 },
    ];
    const read = vi.fn(async () => {
      const { ms, unreadDigests } = answers.shift()!;
      await new Promise((r) => setTimeout(r, ms));
      return { ...me, unreadDigests };
    });
    const first = refreshAccount("u1", read);
    const second = refreshAccount("u1", read); // a second event while the first read runs
    await Promise.all([first, second]);
    expect(read).toHaveBeenCalledTimes(2);
    expect(tokenStore.get().user?.unreadDigests).toBe(3);
  });

  it("leaves alone another person signed in meanwhile, a signed-out device, and a failed read", async () => {
    tokenStore.login("t", { id: "u2", account: "b@example.com", unreadDigests: 0 });
    await refreshAccount("u1", async () => me);
    expect(tokenStore.get().user?.unreadDigests).toBe(0);
    await refreshAccount("u2", async () => me); // the answer is someone else's
    expect(tokenStore.get().user?.unreadDigests).toBe(0);
    await refreshAccount("u2", async () => {
      throw new Error("offline");
    });
    expect(tokenStore.get().user?.unreadDigests).toBe(0);
    tokenStore.clearAll();
    await refreshAccount("u1", async () => me);
    expect(tokenStore.get().user).toBeNull();
  });
});
