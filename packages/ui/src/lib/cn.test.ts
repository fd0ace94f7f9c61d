import { readFileSync } from "node:fs";
import { extendTailwindMerge } from "tailwind-merge";
import { beforeAll, describe, expect, it } from "vitest";
import {
  generateConfigFile,
  generatedConfigPath,
  usedClasses,
} from "../../../../scripts/tailwind-merge-config.ts";
import { cn } from "./cn";
import { tailwindMergeExtension } from "./tailwind-merge-extension";

// cn() runs on a tailwind-merge config cut to the class groups the sources use
// (scripts/tailwind-merge-config.ts). What it must keep: merging those classes as the full config does.
describe("cn", () => {
  let classes: string[] = [];
  beforeAll(async () => {
    classes = await usedClasses();
  }, 180_000);

  it("lets a later class win over an earlier one of the same group, with modifiers and overrides", () => {
    expect(cn("px-2 py-1", "px-4")).toBe("py-1 px-4");
    expect(cn("text-sm text-muted-foreground", "text-primary-foreground")).toBe(
      "text-sm text-primary-foreground",
    );
    expect(cn("shadow-sm", "shadow-lg")).toBe("shadow-lg");
    expect(cn("z-dropdown", "z-dialog")).toBe("z-dialog");
    expect(cn("p-2", "md:p-4", false, undefined, "p-3")).toBe("md:p-4 p-3");
  });

  it("merges every pair of the classes packages/ui and the app write as the full tailwind-merge does", () => {
    const full = extendTailwindMerge(tailwindMergeExtension);
    expect(classes.length).toBeGreaterThan(300);
    const differ: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        const pruned = cn(a, b);
        if (pruned !== full(`${a} ${b}`))
          differ.push(`"${a} ${b}" → "${pruned}", not "${full(`${a} ${b}`)}"`);
      }
    }
    expect(differ.slice(0, 20), `${differ.length} pairs differ`).toEqual([]);
  }, 180_000);

  it("runs on a generated config that is current (else: node scripts/tailwind-merge-config.ts)", async () => {
    expect(readFileSync(generatedConfigPath, "utf8")).toBe(await generateConfigFile());
  }, 180_000);
});
