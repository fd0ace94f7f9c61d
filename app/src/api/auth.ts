import type { LoginRequest, RegisterRequest, ResetPasswordRequest } from "@shinian/contract";
import { call } from "./client.ts";

export const login = (body: LoginRequest) => call("login", { body });
export const register = (body: RegisterRequest) => call("register", { body });
export const fetchMe = () => call("me");
export const logout = () => call("logout");
export const fetchAuthOptions = () => call("authOptions");
export const resetPassword = (body: ResetPasswordRequest) => call("resetPassword", { body });
