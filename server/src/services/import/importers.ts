import { flomoImporter } from "./flomo.ts";
import { markdownImporter } from "./markdown.ts";
import { memosImporter } from "./memos.ts";
import type { ImporterModule } from "./records.ts";
import { shinianImporter } from "./shinian.ts";

/**
 * Every kind the import understands, in the order their detectors are tried: shinian, flomo,
 * memos, markdown (Markdown last: it takes any text). A kind is added with one line here.
 */
export const importers: readonly ImporterModule[] = [
  shinianImporter,
  flomoImporter,
  memosImporter,
  markdownImporter,
];

export const importerOf = (kind: string) => importers.find((m) => m.kind === kind) ?? null;
