import type { LoginRequest, RegisterRequest, ResetPasswordRequest } from "@shinian/contract";
import { call, envelope } from "./client.ts";

export const login = (body: LoginRequest) => call("login", { body });
export const register = (body: RegisterRequest) => call("register", { body });
export const fetchMe = () => call("me");
export const logout = () => call("logout");
export const fetchAuthOptions = () => call("authOptions");
/** The whole envelope: its message says what else the reset did (a WebDAV backup paused). */
export const resetPassword = (body: ResetPasswordRequest) => envelope("resetPassword", { body });
