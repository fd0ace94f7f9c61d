import { chown, lstat, mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensureOwnDir } from "../../src/db/private-dir.ts";

const root = await mkdtemp(path.join(os.tmpdir(), "shinian-private-"));
afterAll(() => rm(root, { recursive: true, force: true }));
const me = process.getuid?.() ?? 0;

describe("ensureOwnDir (the embedded PostgreSQL's socket and binary directories under /tmp)", () => {
  it("creates a missing directory with the mode, and tightens an existing one of ours", async () => {
    const fresh = path.join(root, "fresh");
    await ensureOwnDir(fresh, 0o700, [me]);
    expect((await lstat(fresh)).mode & 0o777).toBe(0o700);
    const loose = path.join(root, "loose");
    await mkdir(loose, { mode: 0o777 });
    await ensureOwnDir(loose, 0o700, [me]);
    expect((await lstat(loose)).mode & 0o777).toBe(0o700);
  });

  it("refuses a symlink planted where the directory should be", async () => {
    const target = path.join(root, "elsewhere");
    await mkdir(target);
    const planted = path.join(root, "planted");
    await symlink(target, planted);
    await expect(ensureOwnDir(planted, 0o700, [me])).rejects.toThrow(/a symlink/);
  });

  it.runIf(me === 0)("refuses a directory another user created first", async () => {
    const theirs = path.join(root, "theirs");
    await mkdir(theirs);
    await chown(theirs, 65534, 65534);
    const before = (await lstat(theirs)).mode;
    await expect(ensureOwnDir(theirs, 0o700, [me])).rejects.toThrow(/owner uid 65534/);
    expect((await lstat(theirs)).mode).toBe(before); // untouched
  });
});
