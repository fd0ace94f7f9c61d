import { Button, Card, CardContent, CardHeader, CardTitle, WebLayout } from "@shinian/ui";
import { Link } from "@tanstack/react-router";
import { AppShell } from "../layout/app-shell.tsx";

const cards = [
  ["随手记录", "在首页输入框写下想法，按 ⌘/Ctrl+Enter 保存。草稿会自动保存在本机，刷新也不会丢。"],
  ["搜索想法", "在顶部搜索框输入关键词并回车，支持中文分词，匹配的字词会高亮。按 / 快速聚焦。"],
  ["问问 AI", "点击搜索框左侧的 AI 头像，AI 助手会结合你的想法和笔记回答问题。"],
  ["导出数据", "在个人资料中可以导出全部数据：一个包含 Markdown 与 JSON 的 ZIP 文件。"],
] as const;

/** /quick-introduction: four cards, then home. */
export function QuickIntroductionScreen() {
  return (
    <AppShell searchHidden>
      <WebLayout className="py-10">
        <div className="mx-auto flex max-w-3xl flex-col gap-6">
          <div>
            <h1 className="font-bold text-2xl">快速上手</h1>
            <p className="mt-2 text-muted-foreground">四件事，就能用好拾念。</p>
          </div>
          <ol className="grid grid-cols-2 gap-4">
            {cards.map(([title, text], index) => (
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
          <div className="flex justify-end">
            <Button asChild size="lg">
              <Link to="/">开始使用</Link>
            </Button>
          </div>
        </div>
      </WebLayout>
    </AppShell>
  );
}
