import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { homeChunks } from "../build/boot-script.ts";

const chunk = (fileName: string, imports: string[], moduleIds: string[] = []) =>
  ({ type: "chunk", fileName, imports, moduleIds }) as unknown as Rollup.OutputChunk;
const bundleOf = (...chunks: Rollup.OutputChunk[]) =>
  Object.fromEntries(chunks.map((c) => [c.fileName, c])) as Rollup.OutputBundle;

describe("首页's chunks that boot.js preloads", () => {
  it("are the home route's code and what it imports, less what the entry loads already", () => {
    const bundle = bundleOf(
      chunk("assets/index.js", ["assets/react.js"], ["/app/index.html"]),
      chunk("assets/react.js", []),
      chunk(
        "assets/home.js",
        ["assets/react.js", "assets/feed.js"],
        // A chunk group's (app/build/first-screen-chunks.ts): the route's module among others, no facade.
        [
          "/app/src/features/home/home-screen.tsx",
          "/app/src/routes/_authenticated/index.tsx?tsr-split=component",
        ],
      ),
      chunk("assets/feed.js", ["assets/idb.js"]),
      chunk("assets/idb.js", []),
      chunk(
        "assets/notes.js",
        ["assets/react.js"],
        ["/app/src/routes/_authenticated/_data/notes.tsx?tsr-split=component"],
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
