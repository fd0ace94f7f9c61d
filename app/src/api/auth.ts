import type { LoginRequest, RegisterRequest } from "@shinian/contract";
import { call } from "./client.ts";

export const login = (body: LoginRequest) => call("login", { body });
export const register = (body: RegisterRequest) => call("register", { body });
export const fetchMe = () => call("me");
export const logout = () => call("logout");
