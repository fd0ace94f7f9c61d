import type {
  ChangePasswordRequest,
  CreateCaptureTokenRequest,
  DeleteAccountRequest,
} from "@shinian/contract";
import { call, envelope } from "./client.ts";

export const fetchPoints = () => call("getPoints");
export const fetchLedger = (cursor?: string | null) =>
  call("listLedger", { query: { cursor: cursor ?? undefined } });

export const fetchSessions = () => call("listSessions");
export const revokeSession = (id: string) => call("deleteSession", { params: { id } });
/** The whole envelope: its message says what else the change did (a WebDAV backup paused). */
export const changePassword = (body: ChangePasswordRequest) => envelope("changePassword", { body });
export const deleteAccount = (body: DeleteAccountRequest) => call("deleteAccount", { body });

export const fetchCaptureTokens = () => call("listCaptureTokens");
export const createCaptureToken = (body: CreateCaptureTokenRequest) => call("createCaptureToken", { body });
export const revokeCaptureToken = (id: string) => call("revokeCaptureToken", { params: { id } });
