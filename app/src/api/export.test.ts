import { EXPORT_COUNT_HEADER as CONTRACT_HEADER } from "@shinian/contract";
import { describe, expect, it } from "vitest";
import { countFromHeader, EXPORT_COUNT_HEADER, filenameFromDisposition } from "./export.ts";

describe("export headers", () => {
  it("prefers the RFC 5987 name", () => {
    const header = `attachment; filename="export_20261122_160000.zip"; filename*=UTF-8''${encodeURIComponent("拾念导出_20261122_160000.zip")}`;
    expect(filenameFromDisposition(header, "x.zip")).toBe("拾念导出_20261122_160000.zip");
  });
  it("falls back to the plain name, then to the fallback", () => {
    expect(filenameFromDisposition('attachment; filename="a.zip"', "x.zip")).toBe("a.zip");
    expect(filenameFromDisposition(null, "x.zip")).toBe("x.zip");
  });
  it("reads counts and ignores junk", () => {
    expect(countFromHeader('{"thoughts":2,"notes":1,"total":3}')).toEqual({
      thoughts: 2,
      notes: 1,
      total: 3,
    });
    expect(countFromHeader("nope")).toBeNull();
    expect(countFromHeader('{"thoughts":"2","notes":1,"total":3}')).toBeNull();
    expect(countFromHeader(null)).toBeNull();
  });
});

it("uses the contract's header name", () => {
  expect(EXPORT_COUNT_HEADER).toBe(CONTRACT_HEADER);
});
