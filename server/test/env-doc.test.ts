import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DOC_PATH, FIRST_RUN, KEPT_KNOBS, renderConfigurationDoc } from "../../scripts/configuration-doc.ts";
import { RETIRED, retiredSettingsSet, SECTIONS } from "../src/env.ts";

const settings = new Set(SECTIONS.flatMap((s) => Object.keys(s.shape)));

describe("docs/configuration.md", () => {
  it("is what scripts/configuration-doc.ts renders from env.ts and limits.ts", () => {
    const committed = readFileSync(DOC_PATH, "utf8");
    expect(committed, "stale: run node_modules/.bin/node scripts/configuration-doc.ts").toBe(
      renderConfigurationDoc(),
    );
  });

  it("names only settings there are, and no retired one among them", () => {
    for (const name of [...FIRST_RUN, ...Object.keys(KEPT_KNOBS)]) expect(settings, name).toContain(name);
    for (const name of RETIRED) expect(settings, name).not.toContain(name);
    expect(FIRST_RUN).toHaveLength(5);
  });

  it("a retired variable still set is named for the start-up's warning, and changes nothing", () => {
    expect(retiredSettingsSet({ IMPORT_MAX_BYTES: "1GB", TRASH_DAYS: "7", AI_MODEL: "m" })).toEqual([
      "TRASH_DAYS",
      "IMPORT_MAX_BYTES",
    ]);
    expect(retiredSettingsSet({})).toEqual([]);
  });
});

describe("deploy/shinian.env", () => {
  it("sets only settings there are (and glibc's MALLOC_ARENA_MAX)", () => {
    const file = readFileSync(path.resolve(import.meta.dirname, "../../deploy/shinian.env"), "utf8");
    const names = [...file.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) if (name !== "MALLOC_ARENA_MAX") expect(settings, name).toContain(name);
  });
});
