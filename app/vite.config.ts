import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
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
    pwa(),
  ],
  server: { port: 5173, proxy: { "/api": { target: apiTarget, changeOrigin: false } } },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false },
});
