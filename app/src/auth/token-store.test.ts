import { describe, expect, it, vi } from "vitest";
import {
  AUTH_TOKEN_KEY,
  createTokenStore,
  memoryStorage,
  NEEDS_GUIDE_KEY,
  SIGNED_IN_BEFORE_KEY,
  USER_INFO_KEY,
} from "./token-store.ts";

const setup = () => {
  const storage = memoryStorage();
  return { storage, store: createTokenStore(storage) };
};

describe("token store", () => {
  it("starts empty without a stored token", () => {
    const { store } = setup();
    expect(store.get()).toEqual({ token: null, user: null, needsGuide: false });
  });

  it("reads what an earlier session stored", () => {
    const storage = memoryStorage();
    storage.setItem(AUTH_TOKEN_KEY, "t1");
    storage.setItem(USER_INFO_KEY, JSON.stringify({ nickname: "小明" }));
    storage.setItem(NEEDS_GUIDE_KEY, "true");
    expect(createTokenStore(storage).get()).toEqual({
      token: "t1",
      user: { nickname: "小明" },
      needsGuide: true,
    });
  });

  it("treats unreadable user info as no user", () => {
    const storage = memoryStorage();
    storage.setItem(USER_INFO_KEY, "{oops");
    expect(createTokenStore(storage).get().user).toBeNull();
  });

  it("login stores token and user and sets needs_guide from identityDescription", () => {
    const { store, storage } = setup();
    store.login("tok", { nickname: "小明", identityDescription: null });
    expect(storage.getItem(AUTH_TOKEN_KEY)).toBe("tok");
    expect(JSON.parse(storage.getItem(USER_INFO_KEY) ?? "")).toEqual({
      nickname: "小明",
      identityDescription: null,
    });
    expect(storage.getItem(NEEDS_GUIDE_KEY)).toBe("true");
    expect(store.get().needsGuide).toBe(true);

    store.login("tok2", { nickname: "小红", identityDescription: "产品经理" });
    expect(storage.getItem(NEEDS_GUIDE_KEY)).toBe("false");
    expect(store.get().needsGuide).toBe(false);
  });

  it("a partial update merges into the user and recomputes needs_guide", () => {
    const { store } = setup();
    store.login("tok", { nickname: "小明", avatar: null, identityDescription: null });
    store.updateUser({ identityDescription: "一名设计师" });
    expect(store.get().user).toEqual({ nickname: "小明", avatar: null, identityDescription: "一名设计师" });
    expect(store.get().needsGuide).toBe(false);
  });

  it("a partial update does nothing without a user", () => {
    const { store, storage } = setup();
    const listener = vi.fn();
    store.subscribe(listener);
    store.updateUser({ nickname: "x" });
    expect(store.get().user).toBeNull();
    expect(storage.getItem(USER_INFO_KEY)).toBeNull();
    expect(listener).not.toHaveBeenCalled();
  });

  it("a failure clears token and user", () => {
    const { store, storage } = setup();
    store.login("tok", { nickname: "小明" });
    store.clearSession();
    expect(storage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(storage.getItem(USER_INFO_KEY)).toBeNull();
    expect(store.get().token).toBeNull();
    expect(store.get().user).toBeNull();
  });

  it("logout clears all three keys and tells listeners", () => {
    const { store, storage } = setup();
    const listener = vi.fn();
    store.login("tok", { nickname: "小明" });
    store.subscribe(listener);
    store.clearAll();
    for (const key of [AUTH_TOKEN_KEY, USER_INFO_KEY, NEEDS_GUIDE_KEY])
      expect(storage.getItem(key)).toBeNull();
    expect(listener).toHaveBeenCalledWith({ token: null, user: null, needsGuide: false });
  });

  it("remembers that this device signed in, after logout too (so /login leads with 登录)", () => {
    const { store, storage } = setup();
    expect(store.signedInBefore()).toBe(false);
    store.login("tok", { nickname: "小明" });
    store.clearAll();
    expect(storage.getItem(SIGNED_IN_BEFORE_KEY)).toBe("1");
    expect(createTokenStore(storage).signedInBefore()).toBe(true);
  });

  it("counts a session stored before the flag existed as a sign-in on this device", () => {
    const storage = memoryStorage();
    storage.setItem(AUTH_TOKEN_KEY, "t1");
    expect(createTokenStore(storage).signedInBefore()).toBe(true);
  });

  it("a skipped self-introduction needs no guide", () => {
    const { store } = setup();
    store.login("tok", {
      identityDescription: null,
      settings: { autoTidy: false, autoTidyChosen: false, reviewCount: 3, guideSkipped: true, digest: "off" },
    });
    expect(store.get().needsGuide).toBe(false);
  });
});
