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
  // each binding as it was when the code was got: a binding made since (a new one, or one moved
  // here from another account, which keeps its id with a new createdAt) means the code was used;
  // a count would miss that, and miss it again when another binding was removed meanwhile
  const seen = (items: ChatBinding[] = []) => new Set(items.map((b) => `${b.id} ${b.createdAt}`));
  const [beforeCode, setBeforeCode] = React.useState<Set<string> | null>(null);
  const fresh =
    !!code && !!beforeCode && !!data?.items.some((b) => !beforeCode.has(`${b.id} ${b.createdAt}`));
  if (fresh) {
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
          setBeforeCode(seen(data?.items));
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
