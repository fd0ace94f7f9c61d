import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { transform } from "esbuild";
import type { Plugin, Rollup } from "vite";
import { resolveConfig } from "../src/config/app-config.ts";

const TAG = '<script src="/boot.js"></script>';
// 首页's route: its code-split component (the protected layout above it is not split).
const HOME = /routes\/_authenticated\/index\.tsx\?tsr-split=component/;

/**
 * Marks public/boot.js's tag for the page's first moments: `data-early` when the API is this
 * origin's /api (with VITE_API_BASE_URL elsewhere boot.js only sets the theme), and in the build
 * `data-home`, 首页's chunks beyond the entry's, which boot.js preloads on 首页 beside the entry
 * rather than one round trip after it (the router asks for them only once its own code has run).
 */
export function bootScript(): Plugin {
  let early = false;
  let base = "/";
  let publicDir = "";
  return {
    name: "shinian-boot-script",
    configResolved(config) {
      early = resolveConfig(config.env).apiBaseUrl === "/api";
      base = config.base;
      publicDir = config.publicDir;
    },
    // Vite copies public/ as it is; this one script is on every first load, so it goes minified
    // (its comments were half its gzipped size).
    async writeBundle(options) {
      const source = readFileSync(path.join(publicDir, "boot.js"), "utf8");
      const { code } = await transform(source, { minify: true, target: "es2022" });
      writeFileSync(path.join(options.dir ?? "dist", "boot.js"), code);
    },
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!html.includes(TAG)) throw new Error(`index.html no longer holds ${TAG}`);
        if (!early) return html;
        const home =
          ctx.bundle && ctx.chunk && ctx.filename.endsWith("index.html")
            ? homeChunks(ctx.bundle, ctx.chunk.fileName).map((file) => base + file)
            : [];
        const marks = home.length ? ` data-early data-home="${home.join(" ")}"` : " data-early";
        return html.replace(TAG, `<script src="/boot.js"${marks}></script>`);
      },
    },
  };
}

/** The chunks 首页's route needs (static imports, all the way down) that the entry does not load. */
export function homeChunks(bundle: Rollup.OutputBundle, entry: string): string[] {
  const chunks = new Map<string, Rollup.OutputChunk>();
  for (const output of Object.values(bundle))
    if (output.type === "chunk") chunks.set(output.fileName, output);
  const withImports = (files: string[], into = new Set<string>()) => {
    for (const file of files) {
      if (into.has(file)) continue;
      into.add(file);
      withImports(chunks.get(file)?.imports ?? [], into);
    }
    return into;
  };
  const loaded = withImports([entry]);
  const route = [...chunks.values()].find((c) => c.moduleIds.some((id) => HOME.test(id)));
  if (!route) throw new Error("boot-script: 首页's route chunk was not found");
  return [...withImports([route.fileName])].filter((file) => !loaded.has(file));
}
