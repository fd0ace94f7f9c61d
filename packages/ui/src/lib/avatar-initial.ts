/** The letter an avatar shows without an image: the nickname's first character in uppercase, or U. */
export function avatarInitial(nickname?: string | null): string {
  const first = Array.from(nickname?.trim() ?? "")[0];
  return first ? first.toUpperCase() : "U";
}
