import { describe, test } from "vitest";
import { parseMarkdown } from "./markdown";

// `npx vitest bench --run markdown`: parse time of inputs that are slow for
// backtracking or quadratic parsers, at 8,000 and 32,000 characters (linear: ×4 per ×4).
const cases: Record<string, (n: number) => string> = {
  "run of [": (n) => "[".repeat(n),
  "nested brackets": (n) => `${"[".repeat(n / 2)}a${"]".repeat(n / 2)}`,
  "link openers without closers": (n) => "[a".repeat(n / 2),
  "unclosed links": (n) => "[a](b".repeat(n / 5),
  "emphasis openers and closers": (n) => "*a_ ".repeat(n / 4),
  "nested emphasis": (n) => `${"*a **a ".repeat(n / 16)}b${" a** a*".repeat(n / 16)}`,
  "run of <": (n) => "<".repeat(n),
  backslashes: (n) => "\\".repeat(n),
  "nested quotes": (n) => `${"> ".repeat(n / 2)}a`,
  "www. runs": (n) => "www.".repeat(n / 4),
  "task items": (n) => "- [ ] 待办\n".repeat(n / 9),
  "text (拾念)": (n) => "拾念".repeat(n / 2),
  // output grows with columns × rows; markdown-it stops filling in empty cells at 65,536
  "table of 100 columns": (n) => `${"a|".repeat(100)}\n${"-|".repeat(100)}\n${"b\n".repeat(n / 20)}`,
};

for (const n of [8_000, 32_000]) {
  describe(`${n} characters`, () => {
    for (const [name, make] of Object.entries(cases)) {
      const source = make(n);
      // Vitest 5: `bench` is a test-context fixture; `vitest bench` prints the figures.
      test(name, async ({ bench }) => {
        await bench(name, () => {
          parseMarkdown(source);
        }).run();
      });
    }
  });
}
