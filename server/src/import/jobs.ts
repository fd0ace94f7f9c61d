// Over 300 lines on purpose: one life cycle (upload → preview → batches → done), whose steps share the lease.
/**
 * An import's life: upload → preview → a job run in batches under a lease → done, failed or cancelled
 * (both rolled back whole). Each batch is one transaction with the job's progress, so whichever process
 * next finds the lease expired reads the file again and skips `done` records (importers are
 * deterministic). previewUpload and runImport run in import-thread.ts's thread, with a pool of their
 * own (server/docs/internals.md, "Import").
 */
import { createHash } from "node:crypto";
import type { ImportKind, ImportPreview } from "@shinian/contract";
import { restoreProfileText } from "../accounts/profile.store.ts";
import { type Db, tx } from "../db/pool.ts";
import type { Config } from "../env.ts";
import { ApiError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { beijingDay } from "../shared/beijing-time.ts";
import { deleteChunks } from "./chunks.store.ts";
import { readBatchFiles } from "./images.ts";
import { importerOf, importKinds } from "./importers.ts";
import { dropWaitingRefs, keyOf, removeJobRows, resolveKeys, type WantedKey } from "./items.store.ts";
import {
  addBatchProgress,
  dropCancelRequest,
  endImportJob,
  findImportJob,
  type ImportJobRow,
  lockJobForBatch,
  lockJobToSettle,
  requestCancel,
} from "./jobs.store.ts";
import {
  ACCEPTED_FILES,
  type ImporterModule,
  type ImportRecord,
  type ImportSource,
  twinOf,
} from "./records.ts";
import type { SearchWordsOf } from "./search-words.ts";
import { openUpload, type StoredPart } from "./stored-upload.ts";
import { linkTwins } from "./twin-links.store.ts";
import { writeBatch } from "./writer.ts";

/**
 * What reading and writing an import needs: its own pool in the import's worker thread
 * (import-thread.ts), `searchWords` the thread's way to the main thread's search words
 * (search-words.ts), `onBatch` told of each batch written and `onSkipping` of records skipped
 * (its supervisor's batch budget).
 */
export type ImportDeps = {
  db: Db;
  logger: Logger;
  config: Pick<Config, "import" | "quota" | "attachments">;
  searchWords: SearchWordsOf;
  onBatch: () => void;
  /** told every SKIP_TOLD records skipped on a resume, and when skipping ends: a batch's budget starts again */
  onSkipping: () => void;
};

const BATCH_RECORDS = 200;
const SKIP_TOLD = 200;
/** A batch also ends at this much text, so that a file of long notes holds a transaction short. */
const BATCH_CHARS = 4_000_000;
const PREVIEW_LOOKUP = 500;

/** The refusal when no kind is found: an importer's reason for a file that looks like its kind. */
async function unknownKind(source: ImportSource): Promise<ApiError> {
  for (const kind of importKinds) {
    const refusal = await (await importerOf(kind))!.whyNot?.(source).catch(() => null);
    if (refusal) return refusal;
  }
  return new ApiError("UNSUPPORTED_MEDIA_TYPE", `无法识别的文件：${ACCEPTED_FILES}`);
}
const tooManyRecords = (max: number) =>
  new ApiError(
    "PAYLOAD_TOO_LARGE",
    `一次最多导入 ${max.toLocaleString("en-US")} 条记录，请把文件分成几份再导入`,
  );
export const unreadable = () => new ApiError("VALIDATION_ERROR", "文件内容无法读取，请确认文件完整后重试");

const sizeOf = (r: ImportRecord) =>
  r.type === "idea"
    ? r.content.length + r.originalContent.length
    : r.type === "note" || r.type === "ideaVersion" || r.type === "noteVersion"
      ? r.content.length
      : r.type === "conversation"
        ? r.messages.reduce((n, m) => n + m.content.length, 0)
        : r.type === "attachment"
          ? (r.file?.size ?? 0) // an image's bytes count as its text: a batch holds a few MB of them
          : 0;

/** A key fits the key index whatever its source made it: a long one stands for its hash. */
const fitKey = (key: string) =>
  key.length <= 200 ? key : `sha256:${createHash("sha256").update(key).digest("hex")}`;

/** The importer's records with every key and reference fitted (the same on every reading). */
async function* recordsOf(module: ImporterModule, source: ImportSource): AsyncIterable<ImportRecord> {
  for await (const r of module.read(source)) {
    if (r.type === "idea") {
      yield {
        ...r,
        key: fitKey(r.key),
        appliedVersionKey: r.appliedVersionKey && fitKey(r.appliedVersionKey),
      };
    } else if (r.type === "ideaVersion") {
      yield { ...r, key: fitKey(r.key), ideaKey: fitKey(r.ideaKey) };
    } else if (r.type === "note") {
      yield { ...r, key: fitKey(r.key), sourceIdeaKeys: r.sourceIdeaKeys.map(fitKey) };
    } else if (r.type === "noteVersion") {
      yield { ...r, key: fitKey(r.key), noteKey: fitKey(r.noteKey) };
    } else if (r.type === "conversation") {
      yield {
        ...r,
        key: fitKey(r.key),
        subject: r.subject && { ...r.subject, key: fitKey(r.subject.key) },
        messages: r.messages.map((m) => ({
          ...m,
          citations: m.citations.map((c) => ({ ...c, id: fitKey(c.id) })),
          sourceKeys: m.sourceKeys.map(fitKey),
        })),
      };
    } else if (r.type === "attachment") {
      yield { ...r, key: fitKey(r.key), itemKey: fitKey(r.itemKey) };
    } else yield r;
  }
}

/** Detects the kind (contents only, in the registry's order) and counts what the file holds. */
export async function previewUpload(
  deps: ImportDeps,
  userId: string,
  jobId: string,
  parts: StoredPart[],
): Promise<{ kind: ImportKind; preview: ImportPreview; total: number }> {
  const opened = await openUpload(deps.db, jobId, parts, deps.config.import);
  try {
    let module: ImporterModule | undefined;
    for (const kind of importKinds) {
      const candidate = await importerOf(kind)!;
      if (await candidate.detect(opened.source).catch(() => false)) {
        module = candidate;
        break;
      }
    }
    if (!module) throw await unknownKind(opened.source);
    const preview: ImportPreview = {
      ideas: 0,
      notes: 0,
      conversations: 0,
      duplicates: 0,
      from: null,
      to: null,
    };
    let total = 0;
    let first: Date | null = null;
    let last: Date | null = null;
    let keys: WantedKey[] = [];
    const countDuplicates = async () => {
      const found = await resolveKeys(deps.db, userId, module.kind, keys);
      // a key twice in one file is one item: the second is skipped too
      preview.duplicates += keys.filter((k) => found.has(keyOf(k.type, k.key))).length;
      keys = [];
    };
    const seen = new Set<string>();
    try {
      for await (const record of recordsOf(module, opened.source)) {
        if (++total > deps.config.import.maxRecords) throw tooManyRecords(deps.config.import.maxRecords);
        if (record.type !== "idea" && record.type !== "note" && record.type !== "conversation") continue;
        preview[`${record.type}s`]++;
        if (seen.has(keyOf(record.type, record.key))) preview.duplicates++;
        else {
          seen.add(keyOf(record.type, record.key));
          keys.push({ type: record.type, key: record.key, twin: twinOf(record) });
        }
        if (!first || record.createdAt < first) first = record.createdAt;
        if (!last || record.createdAt > last) last = record.createdAt;
        if (keys.length >= PREVIEW_LOOKUP) await countDuplicates();
      }
    } catch (err) {
      if (err instanceof ApiError) throw err;
      deps.logger.warn("import preview failed", { err, kind: module.kind });
      throw unreadable();
    }
    await countDuplicates();
    preview.from = first && beijingDay(first);
    preview.to = last && beijingDay(last);
    return { kind: module.kind, preview, total };
  } finally {
    opened.close();
  }
}

/** The job is no longer this process's to write (cancelled, or its lease taken over). */
class LostLease extends Error {}

async function writeLocked(
  deps: ImportDeps,
  job: ImportJobRow,
  owner: string,
  records: ImportRecord[],
  done: number,
) {
  const files = await readBatchFiles(records, deps.config.attachments.maxBytes); // before the transaction
  await tx(deps.db, async (client) => {
    const now = await lockJobForBatch(client, job.id);
    if (now?.status !== "running" || now.lease_owner !== owner || now.done !== done) throw new LostLease();
    const result = await writeBatch(
      client,
      {
        id: job.id,
        userId: job.user_id,
        kind: job.kind!,
        takeProfile: job.take_profile,
      },
      deps.config.quota,
      records,
      deps.searchWords,
      files,
    );
    await addBatchProgress(
      client,
      job.id,
      { records: records.length, ...result },
      now.refused,
      deps.config.import.leaseMs,
    );
  });
}

/** Ends a job: done (its waiting references dropped), or failed / cancelled and rolled back whole. */
export async function settle(
  db: Db,
  jobId: string,
  outcome: { status: "done" } | { status: "failed" | "cancelled"; error?: string },
  owner?: string,
) {
  return tx(db, async (client) => {
    const job = await lockJobToSettle(client, jobId);
    if (!job || job.status === "cancelled" || job.status === "uploading") return false;
    if (owner !== undefined && (job.status !== "running" || job.lease_owner !== owner)) return false;
    if (outcome.status === "done") {
      if (job.kind === "shinian") await linkTwins(client, job.user_id, jobId);
      await dropWaitingRefs(client, jobId);
    } else {
      await removeJobRows(client, job.user_id, jobId);
      if (job.previous_profile) {
        await restoreProfileText(client, job.user_id, job.previous_profile);
      }
    }
    await endImportJob(client, jobId, outcome.status, "error" in outcome ? (outcome.error ?? null) : null);
    await deleteChunks(client, jobId);
    return true;
  });
}

/**
 * Runs (or resumes) a job this process holds the lease of: reads the file again, skips the
 * records already done, and writes the rest batch by batch. Its supervisor (import-thread.ts)
 * ends its thread from outside: at shutdown, past a budget, or when the job is no longer its.
 */
export async function runImport(deps: ImportDeps, job: ImportJobRow, owner: string): Promise<void> {
  const { db, logger } = deps;
  let done = job.done;
  try {
    const module = job.kind && (await importerOf(job.kind));
    if (!module) throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "这种文件的导入暂不可用");
    const opened = await openUpload(db, job.id, job.parts, deps.config.import);
    deps.onSkipping(); // the reading begins: the first batch's budget with it
    try {
      let batch: ImportRecord[] = [];
      let chars = 0;
      let index = 0;
      const flush = async () => {
        await writeLocked(deps, job, owner, batch, done);
        done += batch.length;
        batch = [];
        chars = 0;
        deps.onBatch();
      };
      for await (const record of recordsOf(module, opened.source)) {
        if (index++ < job.done) {
          if (index % SKIP_TOLD === 0 || index === job.done) deps.onSkipping();
          continue;
        }
        batch.push(record);
        chars += sizeOf(record);
        if (batch.length >= BATCH_RECORDS || chars >= BATCH_CHARS) await flush();
      }
      if (batch.length) await flush();
    } finally {
      opened.close();
    }
    if (await settle(db, job.id, { status: "done" }, owner)) logger.info("import done", { jobId: job.id });
  } catch (err) {
    if (err instanceof LostLease) return;
    logger.warn("import failed; rolled back", { jobId: job.id, err });
    await failJob(db, logger, job.id, owner, err instanceof ApiError ? err.message : "文件内容无法读取");
  }
}

/**
 * Ends a job whose cancel was asked for elsewhere, should that process have stopped before its
 * own settling (else this finds it cancelled already), and drops the request.
 */
export async function finishCancel(db: Db, logger: Logger, jobId: string) {
  await settle(db, jobId, { status: "cancelled" })
    .then(() => dropCancelRequest(db, jobId))
    .catch((err: unknown) => logger.error("import cancel failed", { jobId, err }));
}

/** Rolls a job back whole as failed, its reason shown to the person. */
export async function failJob(db: Db, logger: Logger, jobId: string, owner: string, reason: string) {
  const error = `导入失败，已撤回本次导入的内容：${reason}`;
  await settle(db, jobId, { status: "failed", error }, owner).catch((e: unknown) =>
    logger.error("import rollback failed", { jobId, err: e }),
  );
}

/**
 * Cancels the user's job whatever its state, removing everything it imported: its state after.
 * `stopRunner` ends this process's runner of it first, so that its open batch is rolled back
 * rather than waited for; a runner elsewhere is asked to end (requestCancel).
 */
export async function cancelImport(db: Db, userId: string, jobId: string, stopRunner: () => void) {
  if (!(await findImportJob(db, userId, jobId))) throw new ApiError("NOT_FOUND", "导入任务不存在");
  // a runner in another process ends at its next renewal, its open batch (holding the row) rolled back
  await requestCancel(db, jobId);
  stopRunner();
  try {
    await settle(db, jobId, { status: "cancelled" });
  } finally {
    await dropCancelRequest(db, jobId);
  }
  const job = await findImportJob(db, userId, jobId);
  if (!job) throw new ApiError("NOT_FOUND", "导入任务不存在");
  return job;
}
