import { tokenStore } from "../auth/token-store.ts";
import { appConfig } from "../config/index.ts";
import { takePrefetchedAnswer } from "./boot-prefetch.ts";
import { createApiClient } from "./create-client.ts";
import { createEndpointCaller } from "./endpoint-caller.ts";
import { redirectToLogin } from "./unauthorized.ts";

export { ApiError, errorMessage, isAbortError, isApiError, isNoResponse } from "./api-error.ts";

/** The app's client: the stored token, the configured base and timeout, 401 → /login. */
export const api = createApiClient({
  baseUrl: appConfig.apiBaseUrl,
  timeoutMs: appConfig.apiTimeoutMs,
  getToken: tokenStore.getToken,
  clearSession: tokenStore.clearSession,
  onUnauthorized: redirectToLogin,
  takePrefetched: takePrefetchedAnswer,
});

/** The app's calls, by the contract's endpoint names. */
export const { call, envelope, response } = createEndpointCaller(api);
