import { afterEach, describe, expect, it, vi } from "vitest";
import { redirectToLogin, setUnauthorizedNavigator } from "./unauthorized.ts";

const at = (pathname: string, search = "", hash = "") => {
  vi.stubGlobal("window", { location: { pathname, search, hash } });
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("redirectToLogin", () => {
  it("goes to /login remembering the whole current path", () => {
    const navigate = vi.fn();
    setUnauthorizedNavigator(navigate);
    at("/ideas/42", "?tab=ai", "#top");
    redirectToLogin();
    expect(navigate).toHaveBeenCalledWith({ pathname: "/login", redirect: "/ideas/42?tab=ai#top" });
  });

  it("stays put when already on /login", () => {
    const navigate = vi.fn();
    setUnauthorizedNavigator(navigate);
    at("/login", "?redirect=%2F");
    redirectToLogin();
    expect(navigate).not.toHaveBeenCalled();
  });
});
