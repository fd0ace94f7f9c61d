import { Button, Card, CardContent, CardHeader, CardTitle, WebLayout } from "@shinian/ui";
import { Link } from "@tanstack/react-router";
import { useTouchScreen } from "../../hooks/use-touch-screen.ts";
import { AppShell } from "../layout/app-shell.tsx";
import { ImportLink } from "./import-link.tsx";

// Keyboard shortcuts only where there is a keyboard to press them.
const cards = (touch: boolean) =>
  [
    [
      "随手记录",
      `在首页输入框写下想法${touch ? "，点保存即可" : "，按 ⌘/Ctrl+Enter 保存"}。草稿会自动保存在本机，刷新也不会丢。`,
    ],
    [
      "搜索想法",
      `在顶部搜索框输入关键词并回车，支持中文分词，匹配的字词会高亮。${touch ? "" : "按 / 快速聚焦。"}`,
    ],
    ["问问 AI", "点击搜索框左侧的 AI 头像，AI 助手会结合你的想法和笔记回答问题。"],
    ["导出数据", "在个人资料中可以导出全部数据：一个包含 Markdown 与 JSON 的 ZIP 文件。"],
  ] as const;

/** /quick-introduction: four cards, then home. */
export function QuickIntroductionScreen() {
  const touch = useTouchScreen();
  return (
    <AppShell searchHidden>
      <WebLayout className="py-6 md:py-10">
        <div className="mx-auto flex max-w-3xl flex-col gap-6">
          <div>
            <h1 className="font-bold text-2xl">快速上手</h1>
            <p className="mt-2 text-muted-foreground">四件事，就能用好拾念。</p>
          </div>
          <ol className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {cards(touch).map(([title, text], index) => (
              <li key={title}>
                <Card className="h-full">
                  <CardHeader>
                    <CardTitle>
                      <span className="mr-2 text-primary">{index + 1}</span>
                      {title}
                    </CardTitle>
                  </CardHeader>
                  <CardContent className="text-muted-foreground">{text}</CardContent>
                </Card>
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap justify-end gap-2">
            <ImportLink variant="ghost" />
            <Button asChild size="lg">
              <Link to="/">开始使用</Link>
            </Button>
          </div>
        </div>
      </WebLayout>
    </AppShell>
  );
}
