import type * as React from "react";
import { Alert } from "../../primitives/alert";
import { Button } from "../../primitives/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../primitives/card";
import { Checkbox } from "../../primitives/checkbox";
import { CopyButton } from "../../primitives/copy-button";

export type ChatPlatform = "wechat" | "telegram";
export type ChatBinding = {
  id: string;
  platform: ChatPlatform;
  label: string;
  createdAt: string;
  /** Telegram: the review is pushed to this chat (its push channel is on). */
  pushing?: boolean;
};

export type ChatBindingCardProps = React.ComponentProps<"div"> & {
  /** The platforms this site takes messages from; empty: the card says so and offers nothing. */
  platforms: ChatPlatform[];
  bindings: ChatBinding[];
  /** The code just got, to send as `绑定 12345678`; null until asked for. */
  code?: { code: string; expiresAt: string } | null;
  /** "code": a code is being got; a binding's id: that one is being removed; "push:<id>": see onTogglePush. */
  busy?: string | null;
  notice?: { tone: "success" | "error"; message: string } | null;
  onGetCode?: () => void;
  onUnbind?: (binding: ChatBinding) => void;
  /**
   * Given: a Telegram chat offers 每日回顾推送到这里 (the site's bot can send to it; WeChat's 公众号
   * cannot write first). "push:<id>" in `busy` while it is being switched.
   */
  onTogglePush?: (binding: ChatBinding, on: boolean) => void;
};

const PLATFORM_LABELS: Record<ChatPlatform, string> = { wechat: "微信公众号", telegram: "Telegram" };

/** Beijing wall time, minutes: what the person compares with their phone's clock. */
const beijing = (iso: string, length: number) =>
  new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, length).replace("T", " ");

/** 微信与 Telegram on 个人资料: a one-time code to bind a chat, and the chats bound. */
export function ChatBindingCard({
  platforms,
  bindings,
  code = null,
  busy = null,
  notice = null,
  onGetCode,
  onUnbind,
  onTogglePush,
  className,
  ...props
}: ChatBindingCardProps) {
  const available = platforms.length > 0;
  const where = platforms.map((p) => PLATFORM_LABELS[p]).join("或") || "公众号";
  return (
    <Card data-slot="chat-binding-card" data-available={available} className={className} {...props}>
      <CardHeader>
        <CardTitle>微信与 Telegram</CardTitle>
        <CardDescription>
          {available
            ? `绑定后，发给${where}的文字、链接、图片和语音都会记成想法；发送「回顾」收到今日回顾，回复序号加文字即可追加批注。`
            : "本站没有开通微信公众号接入，请联系本站管理员。"}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {available ? (
          <div className="flex flex-col gap-2">
            {code ? (
              <div data-slot="chat-bind-code" className="flex flex-col gap-2 rounded-md bg-muted p-3">
                <p className="text-muted-foreground text-sm">
                  {beijing(code.expiresAt, 16).slice(11)} 前向{where}发送：
                </p>
                <div className="flex items-center justify-between gap-2">
                  <output aria-label="绑定码" className="font-bold font-mono text-2xl tracking-widest">
                    绑定 {code.code}
                  </output>
                  <CopyButton text={`绑定 ${code.code}`} size="sm" variant="secondary" />
                </div>
              </div>
            ) : null}
            <Button
              variant={code ? "secondary" : "primary"}
              className="self-start max-lg:h-11"
              loading={busy === "code"}
              onClick={onGetCode}
            >
              {code ? "重新获取绑定码" : "获取绑定码"}
            </Button>
          </div>
        ) : null}
        {notice ? (
          <Alert
            role={notice.tone === "error" ? "alert" : "status"}
            tone={notice.tone}
            description={notice.message}
          />
        ) : null}
        {bindings.length ? (
          <ul aria-label="已绑定" className="flex flex-col divide-y divide-border">
            {bindings.map((b) => {
              const name = `${PLATFORM_LABELS[b.platform]} ${b.label}`;
              return (
                <li key={b.id} className="flex items-center justify-between gap-2 py-2">
                  <div className="flex min-w-0 flex-col">
                    <p id={`chat-${b.id}`} className="truncate text-sm">
                      {name}
                    </p>
                    <p className="text-muted-foreground text-xs">绑定于 {beijing(b.createdAt, 10)}</p>
                    {b.platform === "telegram" && onTogglePush ? (
                      <Checkbox
                        checked={b.pushing ?? false}
                        aria-describedby={`chat-${b.id}`}
                        disabled={busy === `push:${b.id}`}
                        aria-busy={busy === `push:${b.id}`}
                        onChange={(e) => onTogglePush(b, e.target.checked)}
                      >
                        每日回顾推送到这里
                      </Checkbox>
                    ) : null}
                  </div>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`解除绑定 ${name}`}
                    className="shrink-0 max-lg:h-11"
                    loading={busy === b.id}
                    onClick={() => onUnbind?.(b)}
                  >
                    解除绑定
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : available ? (
          <p className="text-muted-foreground text-sm">还没有绑定聊天账号。</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
