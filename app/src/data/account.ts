import type {
  ChangePasswordRequest,
  CreateAccessTokenRequest,
  DeleteAccountRequest,
  Profile,
  UpdateProfileRequest,
} from "@shinian/contract";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api, call, envelope } from "../api/client.ts";
import { clientPath, routeOf } from "../api/endpoint-caller.ts";

/** Query keys and options of the account's resources; mutations invalidate by these keys. */
export const accountKeys = {
  profile: ["profile"],
  usage: ["profile", "usage"],
  points: ["points"],
  ledger: ["points", "ledger"],
  sessions: ["sessions"],
  accessTokens: ["access-tokens"],
} as const;

export const fetchProfile = () => call("getProfile");
export const fetchUsage = () => call("getUsage");
export const fetchPoints = () => call("getPoints");
export const fetchLedger = (cursor?: string | null) =>
  call("listLedger", { query: { cursor: cursor ?? undefined } });
export const fetchSessions = () => call("listSessions");
export const fetchAccessTokens = () => call("listAccessTokens");

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

export const accessTokensQuery = queryOptions({
  queryKey: accountKeys.accessTokens,
  queryFn: () => fetchAccessTokens().then((r) => r.items),
});

export const updateProfile = (body: UpdateProfileRequest) => call("updateProfile", { body });
/** Multipart, which the JSON caller does not send: the path still comes from the contract. */
export async function uploadAvatar(file: File) {
  const body = new FormData();
  body.append("file", file);
  return api.post<Profile>(clientPath((await routeOf("uploadAvatar")).path), { body });
}

export const revokeSession = (id: string) => call("deleteSession", { params: { id } });
/** The whole envelope: its message says what else the change did (a WebDAV backup paused). */
export const changePassword = (body: ChangePasswordRequest) => envelope("changePassword", { body });
export const deleteAccount = (body: DeleteAccountRequest) => call("deleteAccount", { body });

export const createAccessToken = (body: CreateAccessTokenRequest) => call("createAccessToken", { body });
export const revokeAccessToken = (id: string) => call("revokeAccessToken", { params: { id } });
