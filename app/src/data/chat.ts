import type { Conversation, ItemRef } from "@shinian/contract";
import { queryOptions } from "@tanstack/react-query";
import { listConversations } from "../api/ai.ts";
import { queryClient } from "./query-client.ts";

/**
 * The conversations, all of them (/chat) or the one side chat of an idea or note. Their messages
 * stay in useConversation: a reply streams into them, which a cache entry would only copy.
 */
export const chatKeys = {
  conversations: (subject?: ItemRef) =>
    subject ? (["conversations", subject.type, subject.id] as const) : (["conversations"] as const),
};

export const conversationsQuery = (subject?: ItemRef) =>
  queryOptions({
    queryKey: chatKeys.conversations(subject),
    queryFn: () => listConversations(subject).then((page) => page.items),
  });

/** Writes a change to /chat's list into the cache at once, before the server is asked again. */
export function updateConversations(change: (list: Conversation[]) => Conversation[]) {
  queryClient.setQueryData(conversationsQuery().queryKey, (list) => (list ? change(list) : list));
}
