import type { ImporterModule } from "./records.ts";

type Kind = ImporterModule["kind"];

/**
 * Every kind the import understands, in the order their detectors are tried (Markdown last: it
 * takes any text). Each module, with its parser, is loaded when its kind is first tried, so a
 * thread carries only the parsers it needs (docs/benchmarks-history.md, 导入数据).
 */
const modules: Record<Kind, () => Promise<ImporterModule>> = {
  shinian: () => import("./shinian.ts").then((m) => m.shinianImporter),
  flomo: () => import("./flomo.ts").then((m) => m.flomoImporter),
  memos: () => import("./memos.ts").then((m) => m.memosImporter),
  markdown: () => import("./markdown.ts").then((m) => m.markdownImporter),
};

export const importKinds = Object.keys(modules) as Kind[];

export const importerOf = (kind: string): Promise<ImporterModule> | null =>
  Object.hasOwn(modules, kind) ? modules[kind as Kind]() : null;
