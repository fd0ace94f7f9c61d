import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { homeChunks } from "../build/boot-script.ts";

const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null) =>
  ({ type: "chunk", fileName, imports, facadeModuleId }) as unknown as Rollup.OutputChunk;
const bundleOf = (...chunks: Rollup.OutputChunk[]) =>
  Object.fromEntries(chunks.map((c) => [c.fileName, c])) as Rollup.OutputBundle;

describe("首页's chunks that boot.js preloads", () => {
  it("are the home route's code and what it imports, less what the entry loads already", () => {
    const bundle = bundleOf(
      chunk("assets/index.js", ["assets/react.js"], "/app/index.html"),
      chunk("assets/react.js", []),
      chunk(
        "assets/home.js",
        ["assets/react.js", "assets/feed.js"],
        "/app/src/routes/_authenticated/index.tsx?tsr-split=component",
      ),
      chunk("assets/feed.js", ["assets/idb.js"]),
      chunk("assets/idb.js", []),
      chunk(
        "assets/notes.js",
        ["assets/react.js"],
        "/app/src/routes/_authenticated/_data/notes.tsx?tsr-split=component",
      ),
    );
    expect(homeChunks(bundle, "assets/index.js").sort()).toEqual([
      "assets/feed.js",
      "assets/home.js",
      "assets/idb.js",
    ]);
  });

  it("stop the build when the route's chunks cannot be found", () => {
    expect(() => homeChunks(bundleOf(chunk("assets/index.js", [])), "assets/index.js")).toThrow(/首页/);
  });
});
