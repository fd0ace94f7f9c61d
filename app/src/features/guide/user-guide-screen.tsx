import { Card, CardContent, WebLayout } from "@shinian/ui";
import { useTouchScreen } from "../../hooks/use-touch-screen.ts";
import { BookmarkletLink } from "../account/bookmarklet.tsx";
import { AppShell } from "../layout/app-shell.tsx";
import { TextSections } from "../pages/legal-page.tsx";
import { ImportLink } from "./import-link.tsx";

type Section = { heading: string; paragraphs: string[] };

const sections = (touch: boolean): Section[] => [
  {
    heading: "记下想法",
    paragraphs: [
      `在首页的输入框写下想法，${touch ? "点保存" : "点保存或按 ⌘/Ctrl+Enter"}。没写完的草稿留在本机，刷新也不会丢。`,
      "可以加图片，也可以录音。没有网络时照样能记，想法会标为「待同步」，联网后自动保存。",
      ...(touch
        ? []
        : [
            "在电脑上，把下面的「收藏到拾念」拖到浏览器书签栏：在任何网页点它，就带着标题、网址和选中的文字来记录。",
          ]),
    ],
  },
  {
    heading: "用标签归类",
    paragraphs: [
      "在文字里写 #标签 就打上了标签，紧跟在中文标点后也可以，例如「今天跑了五公里。#跑步」。",
      "用 / 分出层级，例如 #读书/小说。首页的标签栏可以按标签筛选、给标签改名。",
    ],
  },
  {
    heading: "读、改、置顶",
    paragraphs: [
      "点开一条想法先看到全文，点「编辑」再修改。置顶的想法排在首页最前面。",
      "删除的内容先进入回收站，在那里可以恢复；首页的菜单和个人资料里都能找到回收站。",
    ],
  },
  {
    heading: "搜索和问 AI",
    paragraphs: [
      `在顶部搜索框输入关键词并回车${touch ? "" : "（按 / 快速聚焦）"}，支持中文分词和拼音。`,
      "点搜索框左侧的 AI 头像，AI 助手会结合你的想法和笔记回答，并标出出处。AI 操作消耗 AI 点数，每次会先说明。",
    ],
  },
  {
    heading: "整理和回顾",
    paragraphs: [
      "在首页点「多选」，勾选几条想法，选「整理成笔记」合成一篇笔记；多选也能一次删除、加标签或去标签，都可以撤销。开启「自动整理」后，AI 会为每条新想法起标题、理顺文字，原文永远保留。",
      "「每日回顾」每天挑几条旧想法给你重读，条数可以在个人资料中设置。",
    ],
  },
  {
    heading: "你的数据",
    paragraphs: [
      "可以从 flomo、memos 导入以前的记录；也可以随时导出全部数据（Markdown 与 JSON），或定时备份到 WebDAV。",
    ],
  },
];

/** 用户指南 from 个人资料: how to use 拾念, to read (the first-run /guide is a form, not this). */
export function UserGuideScreen() {
  const touch = useTouchScreen();
  return (
    <AppShell backHome>
      <WebLayout className="py-4 md:py-8">
        <div className="mx-auto flex max-w-2xl flex-col gap-6">
          <div>
            <h1 className="font-bold text-2xl">用户指南</h1>
            <p className="mt-2 text-muted-foreground">
              拾念是你的想法笔记本：随手记下，AI 帮你整理、找回和回顾。
            </p>
          </div>
          <Card>
            <CardContent className="flex flex-col gap-6 leading-relaxed">
              <TextSections sections={sections(touch)} />
              <div className="flex flex-wrap gap-3">
                {touch ? null : <BookmarkletLink />}
                <ImportLink />
              </div>
            </CardContent>
          </Card>
        </div>
      </WebLayout>
    </AppShell>
  );
}
