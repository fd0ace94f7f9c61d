import type { ConfigExtension } from "tailwind-merge";

// The token palette adds colour names tailwind-merge does not know (e.g. `text-primary-foreground`
// vs `text-sm`); teaching it the shadow/z/radius scales keeps className overrides predictable.
// scripts/tailwind-merge-config.ts merges this into tailwind-merge's default config before pruning it.
export const tailwindMergeExtension = {
  extend: {
    classGroups: {
      shadow: [{ shadow: ["sm", "md", "lg"] }],
      z: [{ z: ["base", "sticky", "dropdown", "overlay", "dialog", "floating"] }],
    },
  },
} satisfies ConfigExtension<string, string>;
