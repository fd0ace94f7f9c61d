import type { BindCode } from "@shinian/contract";
import { type ChatBinding, ChatBindingCard, type ChatBindingCardProps } from "@shinian/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import {
  createBindCode,
  deleteMessagingBinding,
  messagingKey,
  messagingQuery,
} from "../../data/messaging.ts";

/** While a code is shown, the list is read again this often: the chat binds from the phone. */
const WATCH_EVERY_MS = 3000;

/** 微信与 Telegram on /profile: the ui card fed by GET /api/messaging/bindings. */
export function ChatBindingPanel() {
  const queryClient = useQueryClient();
  const [code, setCode] = React.useState<BindCode | null>(null);
  const [busy, setBusy] = React.useState<string | null>(null);
  const [notice, setNotice] = React.useState<ChatBindingCardProps["notice"]>(null);
  const { data } = useQuery({
    ...messagingQuery,
    refetchInterval: () => (code && Date.parse(code.expiresAt) > Date.now() ? WATCH_EVERY_MS : false),
  });
  const count = data?.items.length ?? 0;
  const [countWithCode, setCountWithCode] = React.useState(0);
  // a new binding while a code is shown: the code was used
  if (code && count > countWithCode) {
    setCode(null);
    setNotice({ tone: "success", message: "绑定成功" });
  }

  const act = async (what: string, work: () => Promise<unknown>, done?: string) => {
    setBusy(what);
    setNotice(null);
    try {
      await work();
      if (done) setNotice({ tone: "success", message: done });
    } catch (e) {
      setNotice({ tone: "error", message: errorMessage(e, "操作失败，请重试") });
    } finally {
      setBusy(null);
    }
  };

  if (!data) return null;
  return (
    <ChatBindingCard
      platforms={data.platforms}
      bindings={data.items}
      code={code}
      busy={busy}
      notice={notice}
      onGetCode={() =>
        void act("code", async () => {
          setCountWithCode(count);
          setCode(await createBindCode());
        })
      }
      onUnbind={(b: ChatBinding) =>
        void act(
          b.id,
          async () => {
            await deleteMessagingBinding(b.id);
            await queryClient.invalidateQueries({ queryKey: messagingKey });
          },
          "已解除绑定",
        )
      }
    />
  );
}
