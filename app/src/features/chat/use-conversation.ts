import type { ChatMessage, Conversation } from "@shinian/contract";
import * as React from "react";
import { fetchMessages } from "../../api/ai.ts";
import { streamReply } from "../../api/chat-stream.ts";
import { errorMessage, isAbortError } from "../../api/client.ts";
import { useDraft } from "../../hooks/use-draft.ts";

/** A message as shown: while a reply streams it has no server id yet. */
export type ShownMessage = Omit<ChatMessage, "status"> & {
  status: ChatMessage["status"] | "streaming";
  errorMessage?: string;
};

/** How a question went: `accepted` once the server took it; otherwise why not (the text stays). */
export type SendResult = { accepted: true } | { accepted: false; notice: string | null };

const STREAMING_ID = "streaming";
let localId = 0;

const draftMessage = (role: "user" | "assistant", content: string, id: string): ShownMessage => ({
  id,
  role,
  content,
  status: role === "user" ? "done" : "streaming",
  citations: [],
  points: 0,
  mode: "provider",
  createdAt: new Date().toISOString(),
});

/** The messages of one conversation and the one reply that may be streaming into it. */
export function useConversation(
  conversationId: string | null,
  options: {
    /** The balance after a reply (or after a stop: re-read it). */
    onBalance: (balance?: number) => void;
    /** Makes the conversation on the first question, when there is none yet. */
    create: () => Promise<Conversation>;
    /** Told after `create`, once the hook knows the new conversation is the one shown. */
    onCreated?: (conversation: Conversation) => void;
  },
) {
  const [messages, setMessages] = React.useState<ShownMessage[]>([]);
  const [loading, setLoading] = React.useState(false);
  const [loadError, setLoadError] = React.useState<string | null>(null);
  const [streaming, setStreaming] = React.useState(false);
  const controller = React.useRef<AbortController | null>(null);
  const currentId = React.useRef(conversationId);
  currentId.current = conversationId ?? currentId.current;
  /** Made by `send`: its messages are on screen already, loading them would wipe the stream. */
  const created = React.useRef<string | null>(null);

  React.useEffect(() => () => controller.current?.abort(), []);

  React.useEffect(() => {
    if (conversationId && conversationId === created.current) {
      created.current = null;
      return;
    }
    controller.current?.abort();
    currentId.current = conversationId;
    setMessages([]);
    setLoadError(null);
    if (!conversationId) return;
    let live = true;
    setLoading(true);
    fetchMessages(conversationId)
      .then(
        (page) => live && setMessages(page.items),
        (e) => live && setLoadError(errorMessage(e, "对话加载失败")),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [conversationId]);

  const patchStreaming = (patch: (m: ShownMessage) => ShownMessage) =>
    setMessages((list) => list.map((m) => (m.id === STREAMING_ID ? patch(m) : m)));

  /**
   * Asks; `onAccepted` runs when the server has the question (the caller may clear its box then).
   * `allTime`: 搜索全部, the time the question names does not limit its sources.
   */
  const send = async (
    text: string,
    onAccepted: () => void,
    { allTime = false }: { allTime?: boolean } = {},
  ): Promise<SendResult> => {
    if (controller.current) return { accepted: false, notice: null }; // a reply is still streaming
    const abort = new AbortController();
    controller.current = abort;
    setStreaming(true);
    const pendingUserId = `pending-${++localId}`;
    setMessages((list) => [
      ...list,
      draftMessage("user", text, pendingUserId),
      draftMessage("assistant", "", STREAMING_ID),
    ]);
    let started = false;
    let result: SendResult = { accepted: true };
    try {
      let id = currentId.current;
      if (!id) {
        const conversation = await options.create();
        id = conversation.id;
        created.current = id;
        currentId.current = id;
        options.onCreated?.(conversation);
      }
      await streamReply(
        id,
        text,
        abort.signal,
        {
          onStart: (start) => {
            started = true;
            onAccepted();
            setMessages((list) =>
              list.map((m) =>
                m.id === pendingUserId
                  ? start.userMessage
                  : m.id === STREAMING_ID
                    ? { ...m, mode: start.mode, points: start.cost, timeFilter: start.timeFilter }
                    : m,
              ),
            );
          },
          onToken: (token) => patchStreaming((m) => ({ ...m, content: m.content + token })),
          onDone: (done) => {
            patchStreaming(() => done.message);
            options.onBalance(done.balance);
          },
          onError: (error) => {
            patchStreaming((m) => ({
              ...(error.partial ?? m),
              status: "error",
              errorMessage: error.message,
            }));
            options.onBalance(error.balance);
          },
        },
        { allTime },
      );
    } catch (e) {
      if (!started) {
        // the server never took the question: take it back out, the text stays in the box
        setMessages((list) => list.filter((m) => m.id !== pendingUserId && m.id !== STREAMING_ID));
        result = {
          accepted: false,
          notice: isAbortError(e) ? null : errorMessage(e, "网络连接失败，请检查网络设置"),
        };
      } else if (isAbortError(e)) {
        // 停止: the server keeps what came and charges it, or refunds when nothing came
        patchStreaming((m) => ({ ...m, status: "stopped", points: m.content ? m.points : 0 }));
        options.onBalance();
      } else {
        patchStreaming((m) => ({
          ...m,
          status: "error",
          errorMessage: errorMessage(e, "网络连接中断"),
        }));
        options.onBalance();
      }
    } finally {
      // a reply that ended without done/error (connection dropped) shows as stopped; the
      // placeholder gives up its id so the next reply streams into a new one
      patchStreaming((m) => ({
        ...m,
        id: `local-${++localId}`,
        status: m.status === "streaming" ? "stopped" : m.status,
      }));
      controller.current = null;
      setStreaming(false);
    }
    return result;
  };

  const stop = () => controller.current?.abort();

  return { messages, loading, loadError, streaming, send, stop };
}

/**
 * The composer's text (a draft that survives reloads, a 401 trip to /login, going offline) and
 * the notice of a refused question. The box empties only once the server has the question.
 */
export function useAsk(draftKey: string, send: ReturnType<typeof useConversation>["send"]) {
  const [text, setText] = useDraft(draftKey);
  const [notice, setNotice] = React.useState<string | null>(null);
  const ask = async (question: string) => {
    setNotice(null);
    const result = await send(question, () => setText(""));
    if (!result.accepted) setNotice(result.notice);
    return result.accepted;
  };
  /** 搜索全部: the same question again, its time (最近 …) no limit; the box keeps what is being typed. */
  const askAllTime = async (question: string) => {
    setNotice(null);
    const result = await send(question, () => {}, { allTime: true });
    if (!result.accepted) setNotice(result.notice);
    return result.accepted;
  };
  return { text, setText, notice, setNotice, ask, askAllTime };
}
