import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loginPageFrom } from "../build/login-page.ts";

const indexHtml = readFileSync(new URL("../index.html", import.meta.url), "utf8");

describe("login.html, /login's own page, made from index.html", () => {
  it("has /login's title and entry and index.html's head otherwise", () => {
    const login = loginPageFrom(indexHtml);
    expect(login).toContain("<title>登录 - 拾念</title>");
    expect(login).toContain('src="/src/login-main.tsx"');
    expect(login).not.toContain("/src/main.tsx");
    // The same head (boot.js, styles, preloads) but the title; the body's root is empty (first-frame.test.tsx).
    const head = (html: string) => html.slice(0, html.indexOf("</head>")).replace(/<title>.*<\/title>/, "");
    expect(head(login)).toBe(head(indexHtml));
  });

  it("stops the build when index.html changes so that it cannot be made", () => {
    expect(() => loginPageFrom(indexHtml.replace("/src/main.tsx", "/src/app.tsx"))).toThrow(/main\.tsx/);
  });
});
