import type { Profile, UpdateProfileRequest } from "@shinian/contract";
import { routes } from "@shinian/contract/routes";
import { api, call } from "./client.ts";
import { clientPath } from "./endpoint-caller.ts";

export const fetchProfile = () => call("getProfile");
export const fetchUsage = () => call("getUsage");
export const updateProfile = (body: UpdateProfileRequest) => call("updateProfile", { body });
/** Multipart, which the JSON caller does not send: the path still comes from the contract. */
export function uploadAvatar(file: File) {
  const body = new FormData();
  body.append("file", file);
  return api.post<Profile>(clientPath(routes.uploadAvatar.path), { body });
}
