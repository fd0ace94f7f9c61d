import { describe, expect, it } from "vitest";
import { apiTimeoutFor, resolveConfig } from "./app-config.ts";

describe("resolveConfig", () => {
  it("defaults to production with the documented defaults", () => {
    expect(resolveConfig({})).toEqual({
      environment: "production",
      version: "1.0.0",
      apiBaseUrl: "/api",
      apiTimeoutMs: 90_000,
      pwaEnabled: true,
      analyticsEnabled: false,
      errorReportingEnabled: false,
      debug: false,
    });
  });

  it("uses /api in development whatever the base URL says", () => {
    const config = resolveConfig({ DEV: true, MODE: "development", VITE_API_BASE_URL: "https://x.test/api" });
    expect(config.environment).toBe("development");
    expect(config.apiBaseUrl).toBe("/api");
    expect(config.apiTimeoutMs).toBe(30_000);
  });

  it("takes VITE_API_BASE_URL outside development, without a trailing slash", () => {
    expect(resolveConfig({ VITE_API_BASE_URL: "https://api.example.com/api/" }).apiBaseUrl).toBe(
      "https://api.example.com/api",
    );
  });

  it("knows the four environments and their timeouts", () => {
    expect(resolveConfig({ VITE_APP_ENV: "local" }).environment).toBe("local");
    expect(resolveConfig({ VITE_APP_ENV: "staging" }).environment).toBe("production");
    expect(apiTimeoutFor("development")).toBe(30_000);
    expect(apiTimeoutFor("local")).toBe(30_000);
    expect(apiTimeoutFor("production")).toBe(90_000);
    expect(apiTimeoutFor("test")).toBe(35_000);
  });

  it("reads feature flags", () => {
    const config = resolveConfig({ VITE_PWA_ENABLED: "false", VITE_DEBUG: "1" });
    expect(config.pwaEnabled).toBe(false);
    expect(config.debug).toBe(true);
  });
});
