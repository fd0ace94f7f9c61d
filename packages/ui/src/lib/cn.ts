import { type ClassValue, clsx } from "clsx";
import { createTailwindMerge } from "tailwind-merge";
import { tailwindMergeConfig } from "./tailwind-merge-config.gen";

// tailwind-merge's default config, cut to the class groups that the design system's and the app's
// classes belong to (with tailwind-merge-extension.ts's token scales): the full one was ~9 kB of
// every first screen's JS. cn.test.ts checks that it merges every pair of those classes as the full one.
const twMerge = createTailwindMerge(tailwindMergeConfig);

/** Joins class names and lets later Tailwind classes win over earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
