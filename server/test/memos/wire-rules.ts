import { expect } from "vitest";
import type { Res } from "../helpers.ts";

/**
 * The wire rules memos' clients enforce (issue 32), checked on a whole answer, recursively: no
 * null anywhere; every time RFC 3339 UTC at whole seconds; int64 fields as strings; enums within
 * memos' values; lists always lists; an error always `{code, message, details: []}`; never a redirect.
 */
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const LOOKS_LIKE_TIME = /^\d{4}-\d{2}-\d{2}T/;
const INT64 = new Set(["size"]);
const ENUMS: Record<string, string[]> = {
  state: ["NORMAL", "ARCHIVED"],
  visibility: ["PRIVATE", "PROTECTED", "PUBLIC"],
  role: ["ADMIN", "USER"],
};
const LISTS = new Set([
  "memos",
  "attachments",
  "tags",
  "relations",
  "reactions",
  "details",
  "pinnedMemos",
  "memoDisplayTimestamps",
]);

function walk(value: unknown, path: string, problems: string[]) {
  if (value === null || value === undefined) {
    problems.push(`${path} is ${value}`);
    return;
  }
  if (typeof value === "string") {
    if (LOOKS_LIKE_TIME.test(value) && !TIME.test(value))
      problems.push(`${path} = ${value}: not a whole-second UTC time`);
    return;
  }
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) walk(v, `${path}[${i}]`, problems);
    return;
  }
  if (typeof value !== "object") return;
  for (const [key, v] of Object.entries(value)) {
    const at = `${path}.${key}`;
    if (INT64.has(key) && (typeof v !== "string" || !/^\d+$/.test(v)))
      problems.push(`${at} = ${JSON.stringify(v)}: int64 not a string`);
    if (ENUMS[key] && typeof v === "string" && !ENUMS[key].includes(v))
      problems.push(`${at} = ${v}: not one of ${ENUMS[key]}`);
    if (LISTS.has(key) && !Array.isArray(v) && key !== "tagCount") problems.push(`${at} is not a list`);
    walk(v, at, problems);
  }
}

/** Asserts every rule on one answer; `status` is the one expected. */
export function expectMemosWire(res: Res, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers.get("location")).toBeNull();
  if (!(res.body instanceof ArrayBuffer)) {
    const problems: string[] = [];
    walk(res.body, "$", problems);
    expect(problems).toEqual([]);
  }
  if (status >= 400) {
    expect(Object.keys(res.body).sort()).toEqual(["code", "details", "message"]);
    expect(typeof res.body.code).toBe("number");
    expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    expect(res.body.details).toEqual([]);
  }
  return res.body;
}
