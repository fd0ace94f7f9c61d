import type { ItemRef } from "@shinian/contract";
import { AiModeBadge, Alert, ChatComposer, ChatLayout, EmptyState } from "@shinian/ui";
import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { createConversation } from "../../api/ai.ts";
import { conversationsQuery } from "../../data/chat.ts";
import { answerCost, ChatMessages, costHint } from "./chat-messages.tsx";
import { useAiInfo } from "./use-ai-info.ts";
import { useAsk, useConversation } from "./use-conversation.ts";

/**
 * The detail screen's AI side chat: one conversation about this idea or note,
 * kept on the server, so it is there again next time.
 */
export function SideChat({ type, id, aiExcluded = false }: ItemRef & { aiExcluded?: boolean }) {
  const subject = React.useMemo(() => ({ type, id }), [type, id]);
  const { info, balance, updateBalance } = useAiInfo({ withBalance: true });
  // mounted with key={id} by the detail screen: one item's chat never receives another's question
  const listed = useQuery(conversationsQuery(subject));
  const [createdId, setCreatedId] = React.useState<string | null>(null);
  const conversationId = createdId ?? listed.data?.[0]?.id ?? null;

  const chat = useConversation(conversationId, {
    onBalance: updateBalance,
    create: () => createConversation(subject),
    onCreated: (created) => setCreatedId(created.id),
  });

  const { text, setText, notice, ask, askAllTime } = useAsk(`side-chat:${id}`, chat.send);
  const noun = type === "idea" ? "想法" : "笔记";

  return (
    <ChatLayout
      variant="panel"
      chatLabel={`关于这条${noun}的 AI 对话`}
      scrollKey={chat.messages.map((m) => m.content.length).join()}
      header={
        <>
          <h2 className="min-w-0 flex-1 truncate font-semibold text-sm">问问 AI 这条{noun}</h2>
          {/* the model is named once, on /chat; here only 本地模式 is said, since its answers differ */}
          {info?.mode === "offline" ? <AiModeBadge mode="offline" /> : null}
        </>
      }
      composer={
        <div className="flex flex-col gap-2">
          {notice ? <Alert tone="error" description={notice} /> : null}
          {aiExcluded ? (
            <p className="text-muted-foreground text-sm">这条想法设置了不让AI读取，AI 无法查看它。</p>
          ) : (
            <ChatComposer
              value={text}
              onValueChange={setText}
              onSend={(q) => void ask(q)}
              onStop={chat.stop}
              streaming={chat.streaming}
              placeholder={`关于这条${noun}，想问点什么？`}
              costHint={costHint(info?.mode, info?.costs.chatReply ?? 0, balance)}
            />
          )}
        </div>
      }
    >
      {chat.messages.length === 0 ? (
        <EmptyState
          size="sm"
          title={`让 AI 帮你展开这条${noun}`}
          description="比如：这个想法还能怎么发展？"
        />
      ) : (
        <ChatMessages
          messages={chat.messages}
          onRetry={(q) => void ask(q)}
          onAskAllTime={(q) => void askAllTime(q)}
          askAllTimeCost={answerCost(info?.mode, info?.costs.chatReply ?? 0)}
        />
      )}
    </ChatLayout>
  );
}
