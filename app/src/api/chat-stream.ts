import type { ChatStreamDone, ChatStreamError, ChatStreamEvent, ChatStreamStart } from "@shinian/contract";
import { EventSourceParserStream } from "eventsource-parser/stream";
import { ApiError, response } from "./client.ts";

// Apart from api/ai.ts so that screens which only ask for the AI mode (首页's compose bar) do not
// load the event-stream parser.

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
  { allTime = false }: { allTime?: boolean } = {},
) {
  const body = allTime ? { content, allTime } : { content };
  const res = await response("sendMessage", { params: { id: conversationId }, body, signal });
  if (!res.body) throw new ApiError(0, "AI 回答没有返回数据");
  const events = res.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  try {
    for (;;) {
      const { done, value } = await events.read();
      if (done) return;
      const event = { event: value.event, data: JSON.parse(value.data) } as ChatStreamEvent;
      if (event.event === "start") on.onStart(event.data);
      else if (event.event === "token") on.onToken(event.data.text);
      else if (event.event === "done") on.onDone(event.data);
      else if (event.event === "error") on.onError(event.data);
    }
  } finally {
    // whatever ended the reading (a bad event, a handler's error) also ends the reply
    await events.cancel().catch(() => {});
  }
}
