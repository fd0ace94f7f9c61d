import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { bootScript } from "./build/boot-script.ts";
import { firstScreenChunks } from "./build/first-screen-chunks.ts";
import { loginPage } from "./build/login-page.ts";
import { pwa } from "./build/pwa.ts";

// Chunks the entry imports, loaded before any lazy import runs: preloading them again is a no-op,
// and naming them in every lazy import's list of dependencies cost 首页 0.7 kB gzipped.
const loadedFirst = /\/(react|router|router-app|first-screen|rolldown-runtime)-[\w-]+\.js$/;
// 首页's parts that a tap or a keystroke opens (a search, 多选, the menus, the tag sheet, 记录想法's
// button, the tag hints, the link picker and links' chips): their chunks load their own imports as they run, so 首页's first chunk
// does not carry their lists of hashed names (0.2 kB gzipped).
const onAction =
  /\/(search-results|selection-actions|tag-sheet|home-menu|capture-fab|tag-assist|similar-slot|link-assist|linked-text)-[\w-]+\.js$/;

const apiTarget = process.env.SHINIAN_API_ORIGIN ?? "http://localhost:8787";

export default defineConfig({
  // The router plugin must run before react(): it rewrites route files into lazy chunks first.
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "./src/routes",
      generatedRouteTree: "./src/routeTree.gen.ts",
    }),
    react(),
    tailwindcss(),
    loginPage(),
    bootScript(),
    pwa(),
  ],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL("./build/use-sync-external-store-shim.ts", import.meta.url)),
      },
    ],
  },
  server: { port: 5173, proxy: { "/api": { target: apiTarget, changeOrigin: false } } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: process.env.SOURCEMAP === "1",
    // The modulepreload polyfill was a file of its own on both first screens (0.4 kB gzipped); a
    // browser without modulepreload (Safari before 17) still loads every chunk, as each is imported.
    modulePreload: {
      polyfill: false,
      // The live stream starts 3 s after the first paint (main.tsx): preloading its 14 chunks named
      // them all, hashes and all, in the entry every screen loads (0.3 kB gzipped). It loads them
      // as it imports them instead, when nothing is waiting on it.
      // The pages' own modulepreload links stay (they start React's download at once), and so do
      // /login's lazy imports: its page loads neither the router nor 首页's chunks.
      resolveDependencies: (url, deps, { hostType, hostId }) =>
        hostType === "html" || hostId.includes("login")
          ? deps
          : url.includes("live-sync") || onAction.test(url)
            ? []
            : deps.filter((dep) => !loadedFirst.test(dep)),
    },
    // login.html, made from index.html by build/login-page.ts, is /login's own page
    // (src/login-main.tsx): the first screen without the router.
    rolldownOptions: {
      input: { index: "index.html", login: "login.html" },
      // React, the router and the first screens' modules in a few chunks: app/build/first-screen-chunks.ts.
      output: { codeSplitting: { groups: firstScreenChunks } },
    },
  },
});
