import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { bootScript } from "./build/boot-script.ts";
import { firstScreenChunks } from "./build/first-screen-chunks.ts";
import { loginPage } from "./build/login-page.ts";
import { pwa } from "./build/pwa.ts";

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
    modulePreload: { polyfill: false },
    // login.html, made from index.html by build/login-page.ts, is /login's own page
    // (src/login-main.tsx): the first screen without the router.
    rolldownOptions: {
      input: { index: "index.html", login: "login.html" },
      // React, the router and the first screens' modules in a few chunks: app/build/first-screen-chunks.ts.
      output: { codeSplitting: { groups: firstScreenChunks } },
    },
  },
});
