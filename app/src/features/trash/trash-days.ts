const DAY_MS = 86_400_000;

/** Days until a trashed item is deleted for good, a started day counting as one (0: it goes today). */
export const daysLeft = (purgeAt: string, now = Date.now()) =>
  Math.max(0, Math.ceil((Date.parse(purgeAt) - now) / DAY_MS));
