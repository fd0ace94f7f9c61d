import type { Profile, UpdateProfileRequest } from "@shinian/contract";

/**
 * The settings a save of 个人资料 sends: 自动整理 only when the box was changed, since sending it
 * counts as the person's choice (autoTidyChosen) and it must never be chosen for them; 周报/月报
 * only when changed.
 */
export function settingsChanges(
  saved: Profile["settings"],
  form: { autoTidy: boolean; reviewCount: number; digest?: Profile["settings"]["digest"] },
): NonNullable<UpdateProfileRequest["settings"]> {
  return {
    ...(form.autoTidy !== saved.autoTidy ? { autoTidy: form.autoTidy } : {}),
    reviewCount: form.reviewCount,
    // sent only when changed: turning it on draws the latest period at once
    ...(form.digest && form.digest !== saved.digest ? { digest: form.digest } : {}),
  };
}
