import { rename, rm, writeFile } from "node:fs/promises";

/** A backup or restore that cannot be done as asked; its message says what to do instead. */
export class BackupRefused extends Error {
  override name = "BackupRefused";
}

/**
 * Has `write` (tar, pg_dump) fill `file`, which appears only once complete. A backup holds every
 * note and password hash: the file is made empty and readable by its owner only before the tool
 * writes into it, which keeps that mode whatever the umask.
 */
export async function writePrivately(file: string, write: (partial: string) => Promise<unknown>) {
  const partial = `${file}.partial`;
  await rm(partial, { force: true });
  await writeFile(partial, "", { mode: 0o600, flag: "wx" });
  try {
    await write(partial);
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}
