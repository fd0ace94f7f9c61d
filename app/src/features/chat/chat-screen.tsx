import {
  AiModeBadge,
  Alert,
  Button,
  ChatComposer,
  ChatLayout,
  ConversationList,
  EmptyState,
  useMarkdownReady,
} from "@shinian/ui";
import { useQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import * as React from "react";
import { createConversation, deleteConversation, renameConversation } from "../../api/ai.ts";
import { errorMessage } from "../../api/client.ts";
import { conversationsQuery, updateConversations } from "../../data/chat.ts";
import { queryClient } from "../../data/query-client.ts";
import { AppShell } from "../layout/app-shell.tsx";
import { answerCost, ChatMessages, costHint } from "./chat-messages.tsx";
import { useAiInfo } from "./use-ai-info.ts";
import { useAsk, useConversation } from "./use-conversation.ts";

const route = getRouteApi("/_authenticated/_data/chat");

const SUGGESTIONS = ["最近我都在想些什么？", "帮我整理一下关于工作的想法", "我记录过哪些想读的书？"];

/** /chat: the conversations and a streaming chat grounded in the user's own ideas and notes. */
export function ChatScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const activeId = search.c ?? null;
  const { info, balance, updateBalance } = useAiInfo({ withBalance: true });
  const listed = useQuery(conversationsQuery());
  const conversations = listed.data ?? null;

  const chat = useConversation(activeId, {
    onBalance: updateBalance,
    create: () => createConversation(),
    onCreated: (created) => {
      updateConversations((list) => [created, ...list]);
      void navigate({ search: { c: created.id }, replace: true });
    },
  });
  const { text, setText, notice, setNotice, ask, askAllTime } = useAsk("chat", chat.send);
  // Answers are Markdown, whose parser is a chunk of its own: it loads beside the conversation and
  // the messages wait for it, so no answer jumps when it lands.
  const markdownReady = useMarkdownReady();
  const askAndRefresh = async (question: string) => {
    // the first question names the conversation on the server: show it
    if (await ask(question)) void queryClient.invalidateQueries({ queryKey: conversationsQuery().queryKey });
  };

  React.useEffect(() => {
    if (listed.error) setNotice(errorMessage(listed.error, "对话列表加载失败"));
  }, [listed.error, setNotice]);

  // 问AI hands its text over in ?q=: it waits in the composer in place of any unsent draft (the
  // question asked now is the one chosen, not both glued together), so the cost is seen before asking.
  React.useEffect(() => {
    if (!search.q) return;
    setText(search.q);
    void navigate({ search: (s) => ({ ...s, q: undefined }), replace: true });
  }, [search.q, setText, navigate]);

  const active = conversations?.find((c) => c.id === activeId);
  // The conversation list is a drawer on phones: a choice closes it.
  const [drawerOpen, setDrawerOpen] = React.useState(false);
  const cost = info?.costs.chatReply ?? 0;

  return (
    <AppShell>
      <ChatLayout
        scrollKey={chat.messages.map((m) => m.content.length).join()}
        drawerOpen={drawerOpen}
        onDrawerOpenChange={setDrawerOpen}
        sidebar={
          <ConversationList
            conversations={(conversations ?? []).map((c) => ({
              id: c.id,
              title: c.title,
              updatedAt: c.updatedAt,
            }))}
            activeId={activeId}
            loading={listed.isPending}
            onSelect={(id) => {
              setDrawerOpen(false);
              void navigate({ search: { c: id } });
            }}
            onCreate={() => {
              setDrawerOpen(false);
              void navigate({ search: {} });
            }}
            onRename={async (id, title) => {
              try {
                const renamed = await renameConversation(id, title);
                updateConversations((list) => list.map((c) => (c.id === id ? renamed : c)));
              } catch (e) {
                setNotice(errorMessage(e, "重命名失败"));
              }
            }}
            onDelete={async (id) => {
              try {
                await deleteConversation(id);
                updateConversations((list) => list.filter((c) => c.id !== id));
                if (id === activeId) void navigate({ search: {} });
              } catch (e) {
                setNotice(errorMessage(e, "删除失败"));
              }
            }}
          />
        }
        header={
          <>
            <h1 className="min-w-0 flex-1 truncate font-semibold">{active?.title || "新对话"}</h1>
            {info ? <AiModeBadge mode={info.mode} model={info.model} /> : null}
            <Link to="/ai-points" className="text-muted-foreground text-sm hover:text-foreground">
              {balance === null ? "AI点数" : `AI点数 ${balance}`}
            </Link>
          </>
        }
        composer={
          <div className="flex flex-col gap-2">
            {notice ? (
              <Alert tone="error" description={notice}>
                {notice.includes("AI点数不足") ? (
                  <Link to="/ai-points" className="font-medium underline">
                    查看AI点数
                  </Link>
                ) : null}
              </Alert>
            ) : null}
            <ChatComposer
              value={text}
              onValueChange={setText}
              onSend={(q) => void askAndRefresh(q)}
              onStop={chat.stop}
              streaming={chat.streaming}
              costHint={costHint(info?.mode, cost, balance)}
              autoFocus
            />
          </div>
        }
      >
        {chat.loadError ? <Alert tone="error" description={chat.loadError} /> : null}
        {!chat.loading && chat.messages.length === 0 && !chat.loadError ? (
          <EmptyState
            title="问问你的想法和笔记"
            description="AI 助手会先找出你记录过的相关想法和笔记，再据此回答，并标出引用。"
            action={
              <div className="flex flex-wrap justify-center gap-2">
                {SUGGESTIONS.map((s) => (
                  <Button key={s} size="sm" variant="secondary" onClick={() => setText(s)}>
                    {s}
                  </Button>
                ))}
              </div>
            }
          />
        ) : markdownReady ? (
          <ChatMessages
            messages={chat.messages}
            onRetry={(q) => void askAndRefresh(q)}
            onAskAllTime={(q) => void askAllTime(q)}
            askAllTimeCost={answerCost(info?.mode, cost)}
          />
        ) : null}
      </ChatLayout>
    </AppShell>
  );
}
