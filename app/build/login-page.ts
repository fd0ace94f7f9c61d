import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { documentTitleFor, SITE_NAME } from "../src/lib/page-title.ts";

const indexHtml = fileURLToPath(new URL("../index.html", import.meta.url));
const loginHtml = fileURLToPath(new URL("../login.html", import.meta.url));

/** The router app's first frame in index.html (and the comment above it), one line each. */
const FIRST_FRAME = /\n *<!-- The router app's first frame[\s\S]*?-->(\n *<div id="root">)<.*<\/div>(?=\n)/;

/**
 * /login's page: index.html with its own title, its own entry (src/login-main.tsx) and an empty
 * root: its first frame is the form, not the router app's session check.
 */
export function loginPageFrom(index: string): string {
  const swaps: [string | RegExp, string][] = [
    [`<title>${SITE_NAME}</title>`, `<title>${documentTitleFor("/login")}</title>`],
    ['src="/src/main.tsx"', 'src="/src/login-main.tsx"'],
    [FIRST_FRAME, "$1</div>"],
  ];
  return swaps.reduce((html, [from, to]) => {
    if (typeof from === "string" ? !html.includes(from) : !from.test(html))
      throw new Error(`index.html no longer holds ${from}: login.html cannot be made`);
    return html.replace(from, to);
  }, index);
}

/**
 * Builds login.html (the `login` input) from index.html instead of keeping a second copy of the
 * page's head: the two cannot drift apart.
 */
export function loginPage(): Plugin {
  return {
    name: "shinian-login-page",
    apply: "build",
    enforce: "pre",
    resolveId: (id) => (id === loginHtml || id === "login.html" ? loginHtml : null),
    load: (id) => (id === loginHtml ? loginPageFrom(readFileSync(indexHtml, "utf8")) : null),
  };
}
