import { IDEA_MAX_IMAGES, IDEA_MAX_RECORDINGS } from "@shinian/contract";
import type { Hono } from "hono";
import { z } from "zod";
import { attachmentsOfItems, findFileMeta } from "../attachments/attachments.store.ts";
import { storeUpload } from "../attachments/intake.ts";
import {
  deleteFileOf,
  findListedFile,
  type ListedFile,
  newestListedFiles,
} from "../attachments/listing.store.ts";
import { fileBody } from "../attachments/storage.ts";
import { tooLargeImage } from "../attachments/upload.ts";
import type { AppDeps, AppEnv } from "../context.ts";
import { ApiError, notFound } from "../errors.ts";
import { limitBody } from "../http/body-limit.ts";
import { decodeCursor, encodeCursor } from "../http/cursor.ts";
import { updateIdea } from "../items/ideas.store.ts";
import { findMemoIdea, memoUidsOf } from "../items/memo-ideas.store.ts";
import { limitWrites } from "../points/write-limits.ts";
import { perUserSlots } from "../shared/per-user-slots.ts";
import { MEMOS_PAGE_MAX } from "./list-query.ts";
import { readJson } from "./memo-input.ts";
import { toMemosAttachment } from "./shapes.ts";
import { invalid } from "./wire.ts";

/** Base64 is 4/3 of the bytes, plus the JSON around them. */
const base64Bound = (maxBytes: number) => Math.ceil((maxBytes * 4) / 3) + 64 * 1024;
/** One account's uploads decoded at once here (each held whole), and how many more wait. */
const uploads = perUserSlots(2, 8);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CreateAttachment = z.object({
  filename: z
    .string()
    .trim()
    .min(1, { message: "请给出文件名" })
    .max(200, { message: "文件名最多 200 个字符" }),
  type: z.string().max(200).optional(),
  content: z.string({ message: "请给出文件内容（base64）" }).regex(/^[A-Za-z0-9+/_-]*={0,2}$/, {
    message: "content 须为 base64",
  }),
  memo: z
    .string()
    .regex(/^memos\/.{1,36}$/, { message: "memo 应为 memos/<id>" })
    .optional(),
});

const fileNotFound = () => notFound("附件不存在");

async function shown(deps: AppDeps, userId: string, files: ListedFile[]) {
  const uids = await memoUidsOf(
    deps.db,
    userId,
    files.flatMap((f) => (f.item_id ? [f.item_id] : [])),
  );
  return files.map((f) => toMemosAttachment(f, f.item_id ? uids.get(f.item_id) : undefined));
}

async function ownFile(deps: AppDeps, userId: string, id: string | undefined) {
  const file = id && UUID.test(id) ? await findListedFile(deps.db, userId, id) : null;
  if (!file) throw fileNotFound();
  return file;
}

/** `/api/v1/attachments` on the attachments wing's checks, storage, quota and write limits. */
export function attachmentRoutes(api: Hono<AppEnv>) {
  api.post(
    "/api/v1/attachments",
    limitBody((c) => base64Bound(c.var.deps.config.attachments.maxBytes)),
    async (c) => {
      const { deps, auth } = c.var;
      const parsed = CreateAttachment.safeParse(await readJson(c.req));
      if (!parsed.success) throw invalid(parsed.error);
      const { filename, content, memo } = parsed.data;
      const idea = memo ? await findMemoIdea(deps.db, auth.userId, memo.slice("memos/".length)) : null;
      if (memo && !idea) throw notFound("想法不存在");
      await limitWrites(deps, auth.userId, "uploads");
      const bytes = Buffer.from(content, "base64");
      const { maxBytes } = deps.config.attachments;
      if (bytes.length > maxBytes) throw tooLargeImage(maxBytes);
      if (bytes.length === 0) throw new ApiError("VALIDATION_ERROR", "文件内容为空");
      const { id } = await uploads(
        auth.userId,
        () => storeUpload(deps, auth.userId, { name: filename, bytes, durationMs: null }),
        () => new ApiError("RATE_LIMITED", "同时上传的文件太多了，请等前面的传完再试"),
      );
      if (idea) {
        const files = await attachmentsOfItems(deps.db, auth.userId, [idea.id]);
        if (files.length >= IDEA_MAX_IMAGES + IDEA_MAX_RECORDINGS) {
          await deleteFileOf(deps.db, auth.userId, id);
          throw new ApiError(
            "VALIDATION_ERROR",
            `每条想法最多 ${IDEA_MAX_IMAGES} 张图片和 ${IDEA_MAX_RECORDINGS} 段录音`,
          );
        }
        await updateIdea(deps.db, deps.config.quota, auth.userId, idea.id, {
          attachmentIds: [...files.map((f) => f.id), id],
        });
      }
      const [shownFile] = await shown(deps, auth.userId, [await ownFile(deps, auth.userId, id)]);
      return c.json(shownFile);
    },
  );

  api.get("/api/v1/attachments", async (c) => {
    const { deps, auth } = c.var;
    const size = Math.min(Number(c.req.query("pageSize")) || 50, MEMOS_PAGE_MAX);
    const cursor = decodeCursor(c.req.query("pageToken"), "uuid");
    const rows = await newestListedFiles(deps.db, auth.userId, size, cursor);
    const page = rows.slice(0, size);
    const last = page[page.length - 1];
    return c.json({
      attachments: await shown(deps, auth.userId, page),
      nextPageToken: rows.length > size && last ? encodeCursor({ us: last.cursor_us, id: last.id }) : "",
      totalSize: page.length,
    });
  });

  api.get("/api/v1/attachments/:id", async (c) => {
    const { deps, auth } = c.var;
    const [file] = await shown(deps, auth.userId, [await ownFile(deps, auth.userId, c.req.param("id"))]);
    return c.json(file);
  });

  api.delete("/api/v1/attachments/:id", async (c) => {
    const { deps, auth } = c.var;
    const id = c.req.param("id");
    if (!id || !UUID.test(id) || !(await deleteFileOf(deps.db, auth.userId, id))) throw fileNotFound();
    return c.json({});
  });

  // The bytes, to the owner's Bearer only (clients fetch them with it); served inertly.
  api.get("/file/attachments/:id/:filename", async (c) => {
    const { deps, auth } = c.var;
    const file = await ownFile(deps, auth.userId, c.req.param("id"));
    const meta = await findFileMeta(deps.db, file.id, false);
    if (!meta) throw fileNotFound();
    const body = await fileBody(deps, meta, file.id, "file");
    return c.body(body, 200, {
      "Content-Type": meta.content_type,
      "Content-Length": String(meta.size),
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
    });
  });
}
