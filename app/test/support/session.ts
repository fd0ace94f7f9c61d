import { call } from "../../src/api/client.ts";
import { tokenStore } from "../../src/auth/token-store.ts";

let counter = 0;

/**
 * A new account on the test server, signed in where the app keeps its session (the token store
 * over localStorage), in place of the last test's. 自动整理 is off, so only what a test asks for
 * spends points or calls the AI.
 */
export async function signUp() {
  // An earlier test's drafts go; its session is replaced below rather than signed out, since a
  // screen still mounted may yet send a request, and a 401 would take the page to /login.
  localStorage.clear();
  const account = `c${Date.now().toString(36)}${++counter}@example.com`;
  const { token, user } = await call("register", {
    body: { account, password: "shinian-components-2026", agreeTerms: true },
  });
  tokenStore.login(token, user);
  await call("updateProfile", { body: { settings: { autoTidy: false } } });
  return { account };
}
