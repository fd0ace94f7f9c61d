import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";
import { WASM_WRAPPER_FLAG } from "../../src/wasm-wrappers.ts";

const setsFlag = new URL("../../src/wasm-wrappers.ts", import.meta.url).href;

it("this Node's V8 takes the flag wasm-wrappers.ts sets: a renamed one would only print a line and protect nothing", () => {
  const child = spawnSync(
    process.execPath,
    ["--input-type=module", "-e", `await import(${JSON.stringify(setsFlag)})`],
    { encoding: "utf8" },
  );
  expect(child.status).toBe(0);
  expect(child.stderr).not.toMatch(/unrecognized flag|Try --help/);
});

it("the server suite's processes start with it, before any WebAssembly of theirs (vitest.config.ts)", () => {
  expect(process.execArgv).toContain(WASM_WRAPPER_FLAG);
});
