import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { fetchCaptureTokens, fetchLedger, fetchPoints, fetchSessions } from "../api/account.ts";
import { fetchProfile, fetchUsage } from "../api/profile.ts";

/** Query keys and options of the account's resources; mutations invalidate by these keys. */
export const accountKeys = {
  profile: ["profile"],
  usage: ["profile", "usage"],
  points: ["points"],
  ledger: ["points", "ledger"],
  sessions: ["sessions"],
  captureTokens: ["capture-tokens"],
} as const;

export const profileQuery = queryOptions({ queryKey: accountKeys.profile, queryFn: fetchProfile });

/** 存储空间: changes with every write anywhere, so read again each time it is shown (one row, cheap). */
export const usageQuery = queryOptions({ queryKey: accountKeys.usage, queryFn: fetchUsage, staleTime: 0 });

export const pointsQuery = queryOptions({ queryKey: accountKeys.points, queryFn: fetchPoints });

export const ledgerQuery = infiniteQueryOptions({
  queryKey: accountKeys.ledger,
  queryFn: ({ pageParam }) => fetchLedger(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

export const sessionsQuery = queryOptions({
  queryKey: accountKeys.sessions,
  queryFn: () => fetchSessions().then((r) => r.items),
});

export const captureTokensQuery = queryOptions({
  queryKey: accountKeys.captureTokens,
  queryFn: () => fetchCaptureTokens().then((r) => r.items),
});
