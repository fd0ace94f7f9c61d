import { describe, expect, it } from "vitest";
import { createAnnotationBody, createIdeaBody, forgetUploads } from "./queue-requests.ts";

const base = { clientId: "c1", content: "想法", capturedAt: "2026-11-26T00:00:00.000Z" };

describe("createIdeaBody", () => {
  it("sends the files' ids in their order, and no attachmentIds without files", () => {
    const files = [{ attachmentId: "b" }, { attachmentId: "a", blob: new Blob() }];
    expect(createIdeaBody({ ...base, files })).toEqual({ ...base, attachmentIds: ["b", "a"] });
    expect(createIdeaBody({ ...base, aiExcluded: true })).toEqual({ ...base, aiExcluded: true });
  });
  it("reads a record kept by an earlier version (ids uploaded before queuing)", () => {
    expect(createIdeaBody({ ...base, attachmentIds: ["x"] })).toEqual({ ...base, attachmentIds: ["x"] });
  });
});

describe("forgetUploads", () => {
  it("forgets every upload when each file still has its bytes", () => {
    const blob = new Blob(["x"]);
    expect(
      forgetUploads({ ...base, files: [{ attachmentId: "a", blob }] }, "图片不存在或已附在别的想法或笔记上"),
    ).toEqual({
      ...base,
      files: [{ blob }],
    });
  });
  it("uploads nothing again for a 批注 whose idea is gone, only for its swept files", () => {
    const annotation = {
      ...base,
      kind: "annotation" as const,
      ideaId: "i1",
      files: [{ attachmentId: "a", blob: new Blob(["x"]) }],
    };
    expect(forgetUploads(annotation, "想法不存在")).toBeNull();
    expect(forgetUploads(annotation, "图片不存在或已附在别的想法或笔记上")?.files).toEqual([
      { blob: annotation.files[0]!.blob },
    ]);
  });
  it("gives up when a file has no bytes to upload again", () => {
    expect(forgetUploads({ ...base, files: [{ attachmentId: "a" }] }, "")).toBeNull();
    expect(forgetUploads({ ...base, attachmentIds: ["a"] }, "")).toBeNull();
  });
});

describe("createAnnotationBody", () => {
  it("sends the files' ids in their order, and no attachmentIds without files", () => {
    const files = [{ attachmentId: "b" }, { attachmentId: "a", blob: new Blob() }];
    expect(createAnnotationBody({ ...base, files })).toEqual({ ...base, attachmentIds: ["b", "a"] });
    expect(createAnnotationBody(base)).toEqual(base);
  });
});
