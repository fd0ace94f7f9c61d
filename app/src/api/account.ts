import type {
  CaptureTokenList,
  ChangePasswordRequest,
  CreateCaptureTokenRequest,
  CreatedCaptureToken,
  DeleteAccountRequest,
  LedgerEntry,
  Page,
  Points,
  Session,
} from "@shinian/contract";
import { api } from "./client.ts";

export const fetchPoints = () => api.get<Points>("/points");
export const fetchLedger = (cursor?: string | null) =>
  api.get<Page<LedgerEntry>>("/points/ledger", { searchParams: { cursor: cursor ?? undefined } });

export const fetchSessions = () => api.get<{ items: Session[] }>("/auth/sessions");
export const revokeSession = (id: string) => api.delete<null>(`/auth/sessions/${encodeURIComponent(id)}`);
export const changePassword = (body: ChangePasswordRequest) =>
  api.post<null>("/auth/password", { json: body });
export const deleteAccount = (body: DeleteAccountRequest) => api.delete<null>("/account", { json: body });

export const fetchCaptureTokens = () => api.get<CaptureTokenList>("/auth/capture-tokens");
export const createCaptureToken = (body: CreateCaptureTokenRequest) =>
  api.post<CreatedCaptureToken>("/auth/capture-tokens", { json: body });
export const revokeCaptureToken = (id: string) =>
  api.delete<null>(`/auth/capture-tokens/${encodeURIComponent(id)}`);
