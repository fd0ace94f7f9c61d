import type { Profile, UpdateProfileRequest } from "@shinian/contract";
import { api } from "./client.ts";

export const fetchProfile = () => api.get<Profile>("/profile");
export const updateProfile = (body: UpdateProfileRequest) => api.patch<Profile>("/profile", { json: body });
export function uploadAvatar(file: File) {
  const body = new FormData();
  body.append("file", file);
  return api.post<Profile>("/profile/avatar", { body });
}
