import { readFileSync } from "node:fs";
import { AuthChecking } from "@shinian/ui";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { loginPageFrom } from "../build/login-page.ts";

const indexHtml = readFileSync(new URL("../index.html", import.meta.url), "utf8");
const rootOf = (html: string) => html.match(/<div id="root">(.*)<\/div>\n/)?.[1];

describe("the first frame painted before the app's code runs", () => {
  // React replaces it with its own first frame: anything else would flash or shift on the way.
  it("is in index.html exactly as the router app's first render, <AuthChecking />", () => {
    expect(rootOf(indexHtml)).toBe(renderToStaticMarkup(<AuthChecking />));
  });

  it("is not on /login's page, whose first frame is the form", () => {
    expect(rootOf(loginPageFrom(indexHtml))).toBe("");
    expect(loginPageFrom(indexHtml)).not.toContain("first frame");
  });
});
