import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { tokenize } from "../../src/search/words.ts";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../../..");

describe("tokenize", () => {
  it("splits Chinese into words", () => {
    expect(tokenize("今天想到一个关于产品设计的好点子")).toEqual([
      "今天",
      "想到",
      "一个",
      "关于",
      "产品",
      "设计",
      "的",
      "好",
      "点子",
    ]);
  });

  // In a child process: on Node 20 this input spins in ICU for minutes, and a test worker stuck
  // in native code could not be stopped by a test timeout. Node 24 takes ~0.1 s; the bound is generous.
  it("segments 200,000 unpunctuated Han characters within 10 s (Node 20's segmenter took minutes)", {
    timeout: 30_000,
  }, async () => {
    // 12,500 times a 16-character sentence of 9 words, with no punctuation between them.
    const script = `
      import { tokenize } from "./server/src/search/words.ts";
      const text = "今天想到一个关于产品设计的好点子".repeat(12_500);
      const started = performance.now();
      const words = tokenize(text).length;
      console.log(JSON.stringify({ words, ms: performance.now() - started }));
    `;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], {
      cwd: ROOT,
      timeout: 10_000,
      killSignal: "SIGKILL",
    });
    const { words, ms } = JSON.parse(stdout) as { words: number; ms: number };
    expect(words).toBe(9 * 12_500);
    expect(ms).toBeLessThan(10_000);
  });
});
