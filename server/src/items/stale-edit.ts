import { ApiError } from "../errors.ts";

/**
 * An edit made on a version older than the stored one (another tab or device saved meanwhile):
 * 409 CONFLICT with the current version in `data`, so the client can show both and neither side's
 * words are lost. `base` is the `updatedAt` the client last saw; without it the edit applies.
 */
export function refuseStaleEdit(
  stored: Date,
  base: string | undefined,
  message: string,
  current: () => unknown,
) {
  if (isStaleEdit(stored, base)) throw staleEdit(message, current());
}

export const isStaleEdit = (stored: Date, base: string | undefined) =>
  base !== undefined && Date.parse(base) !== stored.getTime();

/** The 409 itself, for a caller that must first read the current version. */
export const staleEdit = (message: string, current: unknown) =>
  new ApiError("CONFLICT", message, { data: current });
