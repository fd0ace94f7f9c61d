import type { AuthResult, LoginRequest, RegisterRequest, User } from "@shinian/contract";
import { api } from "./client.ts";

export const login = (body: LoginRequest) => api.post<AuthResult>("/auth/login", { json: body });
export const register = (body: RegisterRequest) => api.post<AuthResult>("/auth/register", { json: body });
export const fetchMe = () => api.get<User>("/auth/me");
export const logout = () => api.post<null>("/auth/logout", { json: {} });
