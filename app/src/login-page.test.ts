import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { documentTitleFor } from "./lib/page-title.ts";

const page = (name: string) => readFileSync(new URL(`../${name}`, import.meta.url), "utf8");

describe("login.html, /login's own page", () => {
  it("is index.html with its own title and entry, so the two heads never drift apart", () => {
    const login = page("login.html");
    expect(login).toContain(`<title>${documentTitleFor("/login")}</title>`);
    expect(login).toContain('src="/src/login-main.tsx"');
    const asIndex = login
      .replace(`<title>${documentTitleFor("/login")}</title>`, "<title>拾念</title>")
      .replace("/src/login-main.tsx", "/src/main.tsx");
    expect(asIndex).toBe(page("index.html"));
  });
});
