import type { Conversation } from "@shinian/contract";
import { Alert, ChatComposer } from "@shinian/ui";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import * as React from "react";
import { render } from "vitest-browser-react";
import { createConversation } from "../../src/api/ai.ts";
import { ChatMessages } from "../../src/features/chat/chat-messages.tsx";
import { useAsk, useConversation } from "../../src/features/chat/use-conversation.ts";

type ProbeProps = {
  /** An existing conversation to open; without one the first question makes it. */
  conversationId?: string | null;
  onCreated?: (conversation: Conversation) => void;
  onBalance?: (balance?: number) => void;
};

/** What /chat and the side chat draw around the hook: the messages, a refusal's notice, the box. */
function ConversationProbe({ conversationId = null, onCreated, onBalance }: ProbeProps) {
  const [id, setId] = React.useState(conversationId);
  const chat = useConversation(id, {
    onBalance: (balance) => onBalance?.(balance),
    create: () => createConversation(),
    onCreated: (created) => {
      setId(created.id);
      onCreated?.(created);
    },
  });
  const { text, setText, notice, ask } = useAsk("component-test", chat.send);
  return (
    <>
      <section role="log" aria-label="对话内容">
        <ChatMessages messages={chat.messages} onRetry={(question) => void ask(question)} />
      </section>
      {notice ? <Alert tone="error" description={notice} /> : null}
      <ChatComposer
        value={text}
        onValueChange={setText}
        onSend={(question) => void ask(question)}
        onStop={chat.stop}
        streaming={chat.streaming}
      />
    </>
  );
}

/** Renders the probe in a router of its own (citations are the router's links). */
export function renderConversation(props: ProbeProps = {}) {
  const root = createRootRoute({ component: () => <ConversationProbe {...props} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory() });
  return render(<RouterProvider router={router} />);
}
