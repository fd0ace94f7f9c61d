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
import {
  editPushChannel,
  pushKey,
  pushQuery,
  pushToTelegram,
  removePushChannel,
} from "../profile/push-data.ts";

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
  // each binding as it was when the code was got: a binding made since (a new one, one moved here
  // from another account, or the same chat bound again, which keeps its id with a new createdAt)
  // means the code was used; a count would miss that, and miss it again when another binding was
  // removed meanwhile
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

  // a Telegram chat pushed to is the push channel made for its binding (提醒与推送 lists it too)
  const { data: push } = useQuery({ ...pushQuery, enabled: !!data?.platforms.includes("telegram") });
  const channelOf = (b: ChatBinding) => push?.channels.find((c) => c.bindingId === b.id);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: messagingKey }),
      queryClient.invalidateQueries({ queryKey: pushKey }),
    ]);

  if (!data) return null;
  return (
    <ChatBindingCard
      platforms={data.platforms}
      bindings={data.items.map((b) => ({ ...b, pushing: !!channelOf(b)?.enabled }))}
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
            await refresh();
          },
          "已解除绑定",
        )
      }
      onTogglePush={
        push?.available
          ? (b: ChatBinding, on: boolean) =>
              void act(
                `push:${b.id}`,
                async () => {
                  const channel = channelOf(b);
                  // switched off after refusals (the bot blocked): ticked again, it is switched on
                  if (on && channel) await editPushChannel(channel.id, { enabled: true });
                  if (on && !channel) await pushToTelegram(b.id);
                  if (!on && channel) await removePushChannel(channel.id);
                  await refresh();
                },
                !on
                  ? "已不再推送到这个 Telegram 对话"
                  : push.settings.review
                    ? "每日回顾会推送到这个 Telegram 对话"
                    : "已开启；每日回顾的推送目前关着，可在“提醒与推送”里打开",
              )
          : undefined
      }
    />
  );
}
