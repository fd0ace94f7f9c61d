/**
 * Build-time configuration, fixed when the bundle is built. Everything is read from Vite's `import.meta.env` once;
 * `resolveConfig` is pure so that tests can feed it any environment.
 */
export type AppEnvironment = "development" | "test" | "production" | "local";

export type AppConfig = {
  environment: AppEnvironment;
  version: string;
  apiBaseUrl: string;
  /** Per-request timeout of the API client in milliseconds. */
  apiTimeoutMs: number;
  pwaEnabled: boolean;
  analyticsEnabled: boolean;
  errorReportingEnabled: boolean;
  debug: boolean;
};

export type RawEnv = Record<string, string | boolean | undefined>;

const ENVIRONMENTS: readonly AppEnvironment[] = ["development", "test", "production", "local"];
export const API_TIMEOUT_DEFAULT_MS = 30_000;

const flag = (value: RawEnv[string], fallback: boolean) => {
  if (value === undefined || value === "") return fallback;
  if (typeof value === "boolean") return value;
  return ["1", "true", "yes", "on"].includes(value.toLowerCase());
};

export function resolveEnvironment(env: RawEnv): AppEnvironment {
  const named = env.VITE_APP_ENV;
  if (typeof named === "string" && (ENVIRONMENTS as readonly string[]).includes(named)) {
    return named as AppEnvironment;
  }
  if (env.DEV === true || env.MODE === "development") return "development";
  if (env.MODE === "test") return "test";
  return "production";
}

/** 30 s; three times that in production (slow mobile networks); 5 s more in test. */
export function apiTimeoutFor(environment: AppEnvironment): number {
  if (environment === "production") return API_TIMEOUT_DEFAULT_MS * 3;
  if (environment === "test") return API_TIMEOUT_DEFAULT_MS + 5_000;
  return API_TIMEOUT_DEFAULT_MS;
}

/**
 * `/api` in development (Vite proxies it); else VITE_API_BASE_URL; else the same origin's `/api`,
 * which is what the server serving the built SPA answers.
 */
export function apiBaseUrlFor(environment: AppEnvironment, env: RawEnv): string {
  if (environment === "development") return "/api";
  const configured = env.VITE_API_BASE_URL;
  if (typeof configured === "string" && configured.trim()) return configured.trim().replace(/\/+$/, "");
  return "/api";
}

export function resolveConfig(env: RawEnv): AppConfig {
  const environment = resolveEnvironment(env);
  return {
    environment,
    version:
      typeof env.VITE_APP_VERSION === "string" && env.VITE_APP_VERSION ? env.VITE_APP_VERSION : "1.0.0",
    apiBaseUrl: apiBaseUrlFor(environment, env),
    apiTimeoutMs: apiTimeoutFor(environment),
    pwaEnabled: flag(env.VITE_PWA_ENABLED, true),
    analyticsEnabled: flag(env.VITE_ANALYTICS_ENABLED, false),
    errorReportingEnabled: flag(env.VITE_ERROR_REPORTING_ENABLED, false),
    debug: flag(env.VITE_DEBUG, false),
  };
}
