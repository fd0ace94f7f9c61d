import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { bootScript } from "./build/boot-script.ts";
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
  server: { port: 5173, proxy: { "/api": { target: apiTarget, changeOrigin: false } } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: process.env.SOURCEMAP === "1",
    // login.html, made from index.html by build/login-page.ts, is /login's own page
    // (src/login-main.tsx): the first screen without the router.
    rolldownOptions: {
      input: { index: "index.html", login: "login.html" },
      // One chunk each for React and the router rather than the many small ones that two entries
      // split them into: fewer requests, and gzip sees each library whole.
      output: {
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: "router",
              test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history)[\\/]/,
            },
            // The design system's parts that both first screens (/login and 首页) draw, with the two
            // Radix modules they use (Button's Slot). Radix's other modules load with the dialogs.
            {
              name: "first-screen-ui",
              test: /packages[\\/]ui[\\/]src[\\/]components[\\/](button|alert|card|field|input|checkbox|tabs)[\\/]|@radix-ui[\\/]react-(slot|compose-refs)[\\/]/,
            },
            // Design-system leaves that only the signed-in screens draw (首页 among them): one file
            // rather than four of 0.3–0.9 kB gzipped. Their own imports sit in the groups above.
            {
              name: "signed-in-ui",
              test: /packages[\\/]ui[\\/]src[\\/]components[\\/](web-layout|empty-state|textarea)[\\/]|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]trash\.m?js$/,
            },
          ],
        },
      },
    },
  },
});
