import { describe, expect, it } from "vitest";
import { createIdeaBody, forgetUploads } from "./queue-requests.ts";

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
    expect(forgetUploads({ ...base, files: [{ attachmentId: "a", blob }] })).toEqual({
      ...base,
      files: [{ blob }],
    });
  });
  it("gives up when a file has no bytes to upload again", () => {
    expect(forgetUploads({ ...base, files: [{ attachmentId: "a" }] })).toBeNull();
    expect(forgetUploads({ ...base, attachmentIds: ["a"] })).toBeNull();
  });
});
