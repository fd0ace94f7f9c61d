import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Field,
  Textarea,
  WebLayout,
} from "@shinian/ui";
import { useNavigate } from "@tanstack/react-router";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { useAuth } from "../../auth/auth-context.tsx";
import { updateProfile } from "../../data/account.ts";
import { useTouchScreen } from "../../hooks/use-touch-screen.ts";
import { AppShell } from "../layout/app-shell.tsx";
import { AutoTidyChoice } from "./auto-tidy-choice.tsx";
import { ImportLink } from "./import-link.tsx";

const tour = (touch: boolean) =>
  [
    ["记录", `在首页输入框写下想法${touch ? "，点保存即可" : "，⌘/Ctrl+Enter 即可保存"}。`],
    ["整理", "用 #标签 归类；AI 可以为想法起标题、理顺文字，原文永远保留。"],
    ["提问", "AI 助手会结合你的想法与笔记回答问题。"],
  ] as const;

/** /guide: a short tour, 自动整理 asked once, an import, and one question (or 跳过); either clears needs_guide. */
export function GuideScreen() {
  const auth = useAuth();
  const navigate = useNavigate();
  const touch = useTouchScreen();
  const [text, setText] = React.useState(auth.user?.identityDescription ?? "");
  const [error, setError] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState<"save" | "skip" | null>(null);

  const skip = async () => {
    setPending("skip");
    setError(null);
    try {
      auth.updateUser(await updateProfile({ settings: { guideSkipped: true } }));
      await navigate({ to: "/quick-introduction" });
    } catch (e) {
      setError(errorMessage(e, "保存失败"));
    } finally {
      setPending(null);
    }
  };

  const save = async () => {
    const identityDescription = text.trim();
    if (!identityDescription) {
      setError("请先简单介绍一下你自己");
      return;
    }
    setPending("save");
    setError(null);
    try {
      const profile = await updateProfile({ identityDescription });
      auth.updateUser({
        ...profile,
        identityDescription: profile.identityDescription ?? identityDescription,
      });
      await navigate({ to: "/quick-introduction" });
    } catch (e) {
      setError(errorMessage(e, "保存失败"));
    } finally {
      setPending(null);
    }
  };

  return (
    <AppShell searchHidden>
      <WebLayout className="py-6 md:py-10">
        <div className="mx-auto flex max-w-2xl flex-col gap-6">
          <div>
            <h1 className="font-bold text-2xl">欢迎使用拾念</h1>
            <p className="mt-2 text-muted-foreground">
              花一分钟认识拾念，再告诉我们一点关于你的事（可以跳过）。
            </p>
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            {tour(touch).map(([title, text]) => (
              <Card key={title}>
                <CardHeader>
                  <CardTitle>{title}</CardTitle>
                </CardHeader>
                <CardContent className="text-muted-foreground">{text}</CardContent>
              </Card>
            ))}
          </div>
          <AutoTidyChoice />
          <Card>
            <CardHeader>
              <CardTitle>已经在用 flomo 或 memos？</CardTitle>
              <CardDescription>把以前的记录连同标签和图片一起导入，随时可以回来做。</CardDescription>
            </CardHeader>
            <CardContent>
              <ImportLink />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>介绍一下你自己</CardTitle>
              <CardDescription>
                你的职业、关注的领域或正在做的事。AI 助手回答问题时会参考这段介绍。
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <Field label="自我介绍" hint="最多 500 个字符" error={error ?? undefined}>
                {(control) => (
                  <Textarea
                    {...control}
                    maxLength={500}
                    placeholder="例如：我是一名产品经理，喜欢读书和徒步，最近在准备一次创业。"
                    value={text}
                    onChange={(e) => setText(e.target.value)}
                    onSubmitShortcut={() => void save()}
                  />
                )}
              </Field>
              <div className="flex flex-wrap justify-end gap-2">
                <Button
                  variant="ghost"
                  className="max-lg:h-11"
                  onClick={() => void skip()}
                  loading={pending === "skip"}
                >
                  跳过
                </Button>
                <Button className="max-lg:h-11" onClick={() => void save()} loading={pending === "save"}>
                  保存并继续
                </Button>
              </div>
            </CardContent>
          </Card>
        </div>
      </WebLayout>
    </AppShell>
  );
}
