/**
 * npm run bench -- wasm-wrappers — what wasm-wrappers.ts costs: the two WebAssembly modules of the
 * server (libheif through heic-decode, SQLite through sql.js) timed in a child process with V8's
 * default wrapper tiering and in one with the flag that file sets. Figures only.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const ROUNDS = 3;

if (process.argv[2] === "--child") {
  const require = createRequire(import.meta.url);
  const { default: decodeHeic } = await import("heic-decode");
  const photo = readFileSync(new URL("../test/fixtures/photo-12mp.heic", import.meta.url));
  const heic: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await decodeHeic({ buffer: photo });
    heic.push(performance.now() - t);
  }
  const initSqlJs = (await import("sql.js")).default;
  const SQL = await initSqlJs({
    wasmBinary: new Uint8Array(readFileSync(require.resolve("sql.js/dist/sql-wasm.wasm"))).buffer,
  });
  const sqlite: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    const made = new SQL.Database();
    made.run("CREATE TABLE memo (id INTEGER PRIMARY KEY, content TEXT, created_ts INTEGER)");
    const insert = made.prepare("INSERT INTO memo (content, created_ts) VALUES (?, ?)");
    made.run("BEGIN");
    for (let i = 0; i < 20_000; i++)
      insert.run([`第 ${i} 条想法，关于跑步和读书。`.repeat(5), 1_700_000_000 + i]);
    made.run("COMMIT");
    const read = new SQL.Database(made.export()).prepare("SELECT id, content, created_ts FROM memo");
    while (read.step()) read.get();
    sqlite.push(performance.now() - t);
  }
  const ms = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(" / ");
  console.log(`| ${process.argv[3]} | ${ms(heic)} | ${ms(sqlite)} |`);
} else {
  // imported here only: it sets the flag in the process that imports it, and a child must not
  const { WASM_WRAPPER_FLAG: FLAG } = await import("../src/wasm-wrappers.ts");
  console.log(
    "| V8 flags | HEIC 12 MP decode, ms (3 rounds) | sql.js: 20,000 memos written and read, ms (3 rounds) |",
  );
  console.log("| --- | --- | --- |");
  for (const [name, flags] of [
    ["default", []],
    [FLAG, [FLAG]],
    ["default", []],
    [FLAG, [FLAG]],
  ] as const) {
    const child = spawnSync(process.execPath, [...flags, import.meta.filename, "--child", name], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    process.stdout.write(child.stdout);
  }
}
