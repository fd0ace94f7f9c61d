/** A backup or restore that cannot be done as asked; its message says what to do instead. */
export class BackupRefused extends Error {
  override name = "BackupRefused";
}
