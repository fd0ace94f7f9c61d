// The running server's API for the picture scripts (screenshots, readme-images): BASE, and one call.
export const BASE = process.env.BASE ?? "http://localhost:8787";

/** One API call; its `data`, or an Error naming the call and the server's answer. */
export async function api(method, path, token, body) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

/** A fresh account past the first-run guide (a self-introduction ends it, so / opens 首页). */
export async function newAccount(name) {
  const { token } = await api("POST", "/api/auth/register", undefined, {
    account: `${name}${Date.now().toString(36)}@example.com`,
    password: `shinian-${name}-2026`,
    agreeTerms: true,
  });
  const user = await api("PATCH", "/api/profile", token, {
    identityDescription: "一名喜欢记录灵感的产品经理",
  });
  return { token, user };
}
