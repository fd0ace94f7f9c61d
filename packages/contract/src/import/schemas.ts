import { z } from "zod";
import { IdSchema } from "../common.ts";

/** What an upload holds, told from its bytes (never its name). */
export const ImportKindSchema = z.enum(["shinian", "flomo", "memos", "markdown"]);
export type ImportKind = z.infer<typeof ImportKindSchema>;

export const ImportPreviewSchema = z.object({
  ideas: z.number().int(),
  notes: z.number().int(),
  conversations: z.number().int(),
  /** items already in the account (an earlier import of the same item, or the same item itself) */
  duplicates: z.number().int(),
  /** the earliest and latest creation day of what is in the file (ISO), null when it holds nothing */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportCreatedSchema = z.object({
  jobId: IdSchema,
  kind: ImportKindSchema,
  preview: ImportPreviewSchema,
});
export type ImportCreated = z.infer<typeof ImportCreatedSchema>;

export const StartImportRequestSchema = z.strictObject({
  /** A 拾念 export only: also take its 昵称 and 自我介绍. */
  takeProfile: z.boolean().optional(),
});
export type StartImportRequest = z.infer<typeof StartImportRequestSchema>;

/** `queued`: started, waiting for a server process with a free place to run it (排队中). */
export const ImportStatusValueSchema = z.enum([
  "previewed",
  "queued",
  "running",
  "done",
  "failed",
  "cancelled",
]);
export type ImportStatusValue = z.infer<typeof ImportStatusValueSchema>;

export const ImportRefusalSchema = z.object({
  /** which record: the file and its line, record or memo, in Chinese (为「xx.md」第 3 行) */
  item: z.string(),
  message: z.string(),
});
export type ImportRefusal = z.infer<typeof ImportRefusalSchema>;

export const ImportStatusSchema = z.object({
  status: ImportStatusValueSchema,
  kind: ImportKindSchema,
  preview: ImportPreviewSchema,
  /** records in the file, and how many are handled so far (the progress bar) */
  total: z.number().int(),
  done: z.number().int(),
  imported: z.object({ ideas: z.number().int(), notes: z.number().int(), conversations: z.number().int() }),
  skipped: z.number().int(),
  /** at most the first 100 refusals */
  refused: z.array(ImportRefusalSchema),
  /** every refusal, listed or not */
  refusedCount: z.number().int(),
  /** why a failed import failed (Chinese), else null */
  error: z.string().nullable(),
});
export type ImportStatus = z.infer<typeof ImportStatusSchema>;

// Here without zod, for the app: `@shinian/contract/constants`.
export { IMPORT_KIND_LABELS } from "../constants.ts";
