import type {
  ChangePasswordRequest,
  CreateCaptureTokenRequest,
  DeleteAccountRequest,
} from "@shinian/contract";
import { call } from "./client.ts";

export const fetchPoints = () => call("getPoints");
export const fetchLedger = (cursor?: string | null) =>
  call("listLedger", { query: { cursor: cursor ?? undefined } });

export const fetchSessions = () => call("listSessions");
export const revokeSession = (id: string) => call("deleteSession", { params: { id } });
export const changePassword = (body: ChangePasswordRequest) => call("changePassword", { body });
export const deleteAccount = (body: DeleteAccountRequest) => call("deleteAccount", { body });

export const fetchCaptureTokens = () => call("listCaptureTokens");
export const createCaptureToken = (body: CreateCaptureTokenRequest) => call("createCaptureToken", { body });
export const revokeCaptureToken = (id: string) => call("revokeCaptureToken", { params: { id } });
