import type { ChatMessage } from "@shinian/contract";
import * as React from "react";
import { fetchMessages, streamReply } from "../../api/ai.ts";
import { isAbortError, isApiError } from "../../api/client.ts";
import { useDraft } from "../../lib/draft.ts";

/** A message as shown: while a reply streams it has no server id yet. */
export type ShownMessage = Omit<ChatMessage, "status"> & {
  status: ChatMessage["status"] | "streaming";
  errorMessage?: string;
};

const STREAMING_ID = "streaming";

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

/**
 * The messages of one conversation and the one reply that may be streaming into it.
 * `send` resolves to an error message when the question was refused before any answer
 * (AI点数不足, network…), so the caller can keep the text in the composer.
 */
export function useConversation(
  conversationId: string | null,
  options: {
    onBalance: (balance: number) => void;
    /** Makes the conversation on the first question, when there is none yet. */
    create: () => Promise<string>;
  },
) {
  const [messages, setMessages] = React.useState<ShownMessage[]>([]);
  const [loading, setLoading] = React.useState(false);
  const [loadError, setLoadError] = React.useState<string | null>(null);
  const [streaming, setStreaming] = React.useState(false);
  const controller = React.useRef<AbortController | null>(null);
  /** The conversation shown; set before the parent hears of one created by `send`. */
  const shownId = React.useRef<string | null>(null);

  React.useEffect(() => () => controller.current?.abort(), []);

  React.useEffect(() => {
    if (conversationId && conversationId === shownId.current) return; // created by send: already shown
    controller.current?.abort();
    shownId.current = conversationId;
    setMessages([]);
    setLoadError(null);
    if (!conversationId) return;
    let live = true;
    setLoading(true);
    fetchMessages(conversationId)
      .then(
        (page) => live && setMessages(page.items),
        (e) => live && setLoadError(isApiError(e) ? e.message : "对话加载失败"),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [conversationId]);

  const patchStreaming = (patch: (m: ShownMessage) => ShownMessage) =>
    setMessages((list) => list.map((m) => (m.id === STREAMING_ID ? patch(m) : m)));

  const send = async (text: string): Promise<string | null> => {
    if (controller.current) return null;
    const abort = new AbortController();
    controller.current = abort;
    setStreaming(true);
    const pendingUserId = `pending-${Date.now()}`;
    setMessages((list) => [
      ...list,
      draftMessage("user", text, pendingUserId),
      draftMessage("assistant", "", STREAMING_ID),
    ]);
    let refused: string | null = null;
    try {
      if (!shownId.current) shownId.current = await options.create();
      await streamReply(shownId.current, text, abort.signal, {
        onStart: (start) =>
          setMessages((list) =>
            list.map((m) =>
              m.id === pendingUserId
                ? start.userMessage
                : m.id === STREAMING_ID
                  ? { ...m, mode: start.mode, points: start.cost }
                  : m,
            ),
          ),
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
      });
    } catch (e) {
      if (isAbortError(e)) {
        patchStreaming((m) => ({ ...m, status: "stopped" }));
      } else if (isApiError(e) && e.status > 0 && e.status !== 401) {
        // refused before any answer: nothing was asked, take the question back out
        refused = e.message;
        setMessages((list) => list.filter((m) => m.id !== pendingUserId && m.id !== STREAMING_ID));
      } else {
        patchStreaming((m) => ({
          ...m,
          status: "error",
          errorMessage: isApiError(e) ? e.message : "网络连接中断",
        }));
      }
    } finally {
      // a reply that ended without done/error (connection dropped) is shown as stopped; the
      // placeholder gives up its id so the next reply can stream into a new one
      patchStreaming((m) => ({
        ...m,
        id: `local-${Date.now()}`,
        status: m.status === "streaming" ? "stopped" : m.status,
      }));
      controller.current = null;
      setStreaming(false);
    }
    return refused;
  };

  const stop = () => controller.current?.abort();

  return { messages, loading, loadError, streaming, send, stop };
}

/**
 * The composer's text (a draft that survives reloads) and the notice of a refused question:
 * the box empties on send and gets the question back if it was refused.
 */
export function useAsk(draftKey: string, send: (question: string) => Promise<string | null>) {
  const [text, setText] = useDraft(draftKey);
  const [notice, setNotice] = React.useState<string | null>(null);
  const ask = async (question: string) => {
    setNotice(null);
    setText("");
    const refused = await send(question);
    if (refused) {
      setNotice(refused);
      setText(question);
    }
    return !refused;
  };
  return { text, setText, notice, setNotice, ask };
}
