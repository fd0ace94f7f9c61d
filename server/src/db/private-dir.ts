import { chmod, lstat, mkdir } from "node:fs/promises";

/**
 * Makes `dir` (under a shared directory such as /tmp) ours: created if missing, and refused when
 * someone else made it first or put a symlink there — they could then serve the socket we connect
 * to, or the binaries we run. `owners`: the uids that may own it (us, and the postgres user when
 * we run PostgreSQL as that user). The mode is set whatever it was.
 */
export async function ensureOwnDir(dir: string, mode: number, owners: number[]): Promise<void> {
  await mkdir(dir, { recursive: true, mode });
  const st = await lstat(dir);
  if (st.isSymbolicLink() || !st.isDirectory() || !owners.includes(st.uid)) {
    throw new Error(
      `${dir} already exists and is not a directory of this user (owner uid ${st.uid}${st.isSymbolicLink() ? ", a symlink" : ""}). ` +
        "Someone else may have created it: remove it, or set TMPDIR to a private directory.",
    );
  }
  await chmod(dir, mode);
}
