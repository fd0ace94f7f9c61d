import { type ClassValue, clsx } from "clsx";
import { extendTailwindMerge } from "tailwind-merge";

// The token palette adds colour names tailwind-merge does not know (e.g. `text-primary-foreground`
// vs `text-sm`); teaching it the shadow/z/radius scales keeps className overrides predictable.
const twMerge = extendTailwindMerge({
  extend: {
    classGroups: {
      shadow: [{ shadow: ["sm", "md", "lg"] }],
      z: [{ z: ["base", "sticky", "dropdown", "overlay", "dialog", "floating"] }],
    },
  },
});

/** Joins class names and lets later Tailwind classes win over earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
