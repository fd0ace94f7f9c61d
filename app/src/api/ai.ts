import type {
  AiInfo,
  ChatMessage,
  ChatStreamDone,
  ChatStreamError,
  ChatStreamStart,
  ComposeNoteResult,
  Conversation,
  Idea,
  IdeaVersions,
  ItemRef,
  TidyResult,
} from "@shinian/contract";
import { EventSourceParserStream } from "eventsource-parser/stream";
import { ApiError, api } from "./client.ts";

const conv = (id: string) => `/chat/conversations/${encodeURIComponent(id)}`;

export const fetchAiInfo = () => api.get<AiInfo>("/ai/status");

export const listConversations = (subject?: ItemRef) =>
  api.get<{ items: Conversation[] }>("/chat/conversations", {
    searchParams: subject ? { subjectType: subject.type, subjectId: subject.id } : {},
  });
export const createConversation = (subject?: ItemRef) =>
  api.post<Conversation>("/chat/conversations", { json: subject ? { subject } : {} });
export const renameConversation = (id: string, title: string) =>
  api.patch<Conversation>(conv(id), { json: { title } });
export const deleteConversation = (id: string) => api.delete<null>(conv(id));
export const fetchMessages = (id: string) => api.get<{ items: ChatMessage[] }>(`${conv(id)}/messages`);

export type ReplyHandlers = {
  onStart: (start: ChatStreamStart) => void;
  onToken: (text: string) => void;
  onDone: (done: ChatStreamDone) => void;
  onError: (error: ChatStreamError) => void;
};

/**
 * Asks a question and reads the server-sent events of the reply. Refusals before the stream
 * (400, 402 AI点数不足, 404…) reject with ApiError like every call; aborting `signal` stops the
 * reply (the server keeps what was streamed).
 */
export async function streamReply(
  conversationId: string,
  content: string,
  signal: AbortSignal,
  on: ReplyHandlers,
) {
  const res = await api.response("post", `${conv(conversationId)}/messages`, {
    json: { content },
    signal,
  });
  if (!res.body) throw new ApiError(0, "AI 回答没有返回数据");
  const events = res.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  try {
    for (;;) {
      const { done, value } = await events.read();
      if (done) return;
      const data = JSON.parse(value.data);
      if (value.event === "start") on.onStart(data);
      else if (value.event === "token") on.onToken(data.text);
      else if (value.event === "done") on.onDone(data);
      else if (value.event === "error") on.onError(data);
    }
  } finally {
    // whatever ended the reading (a bad event, a handler's error) also ends the reply
    await events.cancel().catch(() => {});
  }
}

export const tidyIdea = (id: string) => api.post<TidyResult>(`/ideas/${encodeURIComponent(id)}/tidy`);
export const fetchVersions = (id: string) =>
  api.get<IdeaVersions>(`/ideas/${encodeURIComponent(id)}/versions`);
export const applyVersion = (id: string, versionId: string) =>
  api.post<Idea>(`/ideas/${encodeURIComponent(id)}/versions/${encodeURIComponent(versionId)}/apply`);
export const composeNote = (ideaIds: string[]) =>
  api.post<ComposeNoteResult>("/notes/compose", { json: { ideaIds } });
