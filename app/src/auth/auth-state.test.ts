import { describe, expect, it } from "vitest";
import { resolveAuth, safeRedirect } from "./auth-state.ts";
import { createTokenStore, memoryStorage } from "./token-store.ts";

describe("resolveAuth", () => {
  it("is unauthenticated without a token and never asks the server", async () => {
    const store = createTokenStore(memoryStorage());
    let asked = false;
    await expect(
      resolveAuth(store, async () => {
        asked = true;
        return {};
      }),
    ).resolves.toBe("unauthenticated");
    expect(asked).toBe(false);
  });

  it("is authenticated with a token the server confirms, taking the server's user", async () => {
    const store = createTokenStore(memoryStorage());
    store.login("tok", { nickname: "旧昵称", identityDescription: "x" });
    const status = await resolveAuth(store, async () => ({ nickname: "新昵称", identityDescription: null }));
    expect(status).toBe("authenticated");
    expect(store.get().user?.nickname).toBe("新昵称");
    expect(store.get().needsGuide).toBe(true);
  });

  it("clears token and user on any failure", async () => {
    const store = createTokenStore(memoryStorage());
    store.login("tok", { nickname: "小明" });
    const status = await resolveAuth(store, async () => {
      throw new Error("boom");
    });
    expect(status).toBe("unauthenticated");
    expect(store.get().token).toBeNull();
    expect(store.get().user).toBeNull();
  });
});

it("keeps the stored session when the server cannot be reached (offline)", async () => {
  const store = createTokenStore(memoryStorage());
  store.login("tok", { nickname: "小明", identityDescription: "x" });
  const status = await resolveAuth(store, async () => {
    throw Object.assign(new Error("网络连接失败，请检查网络设置"), { status: 0 });
  });
  expect(status).toBe("authenticated");
  expect(store.get().token).toBe("tok");
  expect(store.get().user?.nickname).toBe("小明");
});

describe("safeRedirect", () => {
  it.each([
    ["/ideas/1?x=1", "/ideas/1?x=1"],
    [undefined, "/"],
    ["", "/"],
    ["https://evil.example", "/"],
    ["//evil.example", "/"],
    ["/login?redirect=/x", "/"],
    ["/\\evil.example", "/"],
    ["/\\/evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["/\n/evil.example", "/"],
    [" //evil.example", "/"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/chat?q=%E4%BD%A0%E5%A5%BD#end", "/chat?q=%E4%BD%A0%E5%A5%BD#end"],
  ])("%s → %s", (input, output) => {
    expect(safeRedirect(input)).toBe(output);
  });
});
