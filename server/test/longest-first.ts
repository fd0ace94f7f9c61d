import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The server files that take longest (measured: docs/benchmarks.md, "CI"), longest first. Vitest
 * starts files longest first only from an earlier run's cached durations; a fresh clone (CI) has
 * none and starts the largest files first, which put the fuzzing (a short file, a quarter of the
 * suite's time) last: one worker then ran it alone while the other idled.
 */
const LONGEST = [
  "server/test/contract-fuzz.test.ts",
  "server/test/db/embedded.test.ts",
  "server/test/db/backup-restore.test.ts",
  "server/test/import/runner.test.ts",
  "server/test/import/crash.test.ts",
  "server/test/import/search-words.test.ts",
];

/** Vitest's order, with the files above moved to its front when no durations are cached. */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = LONGEST.findIndex((file) => spec.moduleId.endsWith(file));
      const cached = this.ctx.cache.getTestSpecificationResult(spec);
      return at < 0 || cached ? LONGEST.length : at;
    };
    return sorted.sort((a, b) => rank(a) - rank(b)); // stable: the others keep vitest's order
  }
}
