import type { ImporterModule } from "./records.ts";

type Kind = ImporterModule["kind"];

/**
 * Every kind the import understands, in the order their detectors are tried: shinian, flomo,
 * memos, markdown (Markdown last: it takes any text). A kind is added with one line here. Each
 * importer's module, with its parser (@streamparser/json and zod, htmlparser2, sql.js, yaml), is
 * loaded when its kind is first tried: a 拾念 export's thread carries one of them, a flomo
 * export's two, and a thread that only runs a job (not the preview's) one (docs/benchmarks.md, 导入数据).
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
