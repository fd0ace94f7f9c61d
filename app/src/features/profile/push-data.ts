import type {
  CreatePushChannelRequest,
  UpdatePushChannelRequest,
  UpdatePushSettingsRequest,
} from "@shinian/contract";
import type { PushChannelFormValues } from "@shinian/ui";
import { queryOptions } from "@tanstack/react-query";
import { call } from "../../api/client.ts";

export const pushKey = ["profile", "push"] as const;

export const pushQuery = queryOptions({ queryKey: pushKey, queryFn: () => call("getPush") });

const given = (text: string) => text.trim() || undefined;

/** The form as the contract's request for its kind: only the fields that kind has, empty ones left out. */
export function createRequest(v: PushChannelFormValues): CreatePushChannelRequest {
  const name = given(v.name);
  const url = v.url.trim();
  switch (v.kind) {
    case "wecom":
      return { kind: v.kind, name, url };
    case "feishu":
    case "dingtalk":
      return { kind: v.kind, name, url, secret: given(v.secret) };
    case "bark":
      return { kind: v.kind, name, url: given(v.url), deviceKey: v.deviceKey.trim() };
    case "serverchan":
      return { kind: v.kind, name, sendKey: v.sendKey.trim() };
    case "webhook":
      return { kind: v.kind, name, url, secret: v.secret.trim() };
    case "telegram":
      throw new Error("a Telegram chat is added from its binding (pushToTelegram), not by the form");
  }
}

/** An edit: the name as typed, and only the secrets typed again (an empty field keeps the saved one). */
export function updateRequest(v: PushChannelFormValues): UpdatePushChannelRequest {
  return {
    name: v.name.trim(),
    ...(given(v.url) ? { url: v.url.trim() } : {}),
    ...(given(v.secret) ? { secret: v.secret.trim() } : {}),
    ...(given(v.deviceKey) ? { deviceKey: v.deviceKey.trim() } : {}),
    ...(given(v.sendKey) ? { sendKey: v.sendKey.trim() } : {}),
  };
}

export const savePushSettings = (body: UpdatePushSettingsRequest) => call("updatePushSettings", { body });
export const addPushChannel = (v: PushChannelFormValues) =>
  call("createPushChannel", { body: createRequest(v) });
export const editPushChannel = (id: string, body: UpdatePushChannelRequest) =>
  call("updatePushChannel", { params: { id }, body });
/** The review pushed to a bound Telegram chat by the site's bot: a channel of its own. */
export const pushToTelegram = (bindingId: string) =>
  call("createPushChannel", { body: { kind: "telegram", bindingId } });
export const testPushChannel = (id: string) => call("testPushChannel", { params: { id } });
export const removePushChannel = (id: string) => call("deletePushChannel", { params: { id } });
