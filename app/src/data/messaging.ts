import { queryOptions } from "@tanstack/react-query";
import { call } from "../api/client.ts";

/** 个人资料 → 微信与 Telegram: the chats bound, and the platforms this site takes messages from. */
export const messagingKey = ["messaging", "bindings"] as const;

export const messagingQuery = queryOptions({
  queryKey: messagingKey,
  queryFn: () => call("listMessagingBindings"),
});

export const createBindCode = () => call("createBindCode");
export const deleteMessagingBinding = (id: string) => call("deleteMessagingBinding", { params: { id } });
