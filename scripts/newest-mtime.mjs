import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The newest modification time under `target` (a file or a folder, relative to `root`); 0 if absent. */
export function newestMtime(root, target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const info = statSync(full);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs;
  for (const entry of readdirSync(full))
    latest = Math.max(latest, newestMtime(root, path.join(target, entry)));
  return latest;
}
