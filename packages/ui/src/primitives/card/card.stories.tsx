import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button } from "../button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./card";

const meta = {
  title: "组件/Card 卡片",
  component: Card,
  args: { className: "w-[min(24rem,calc(100vw-2rem))]" },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: {
    children: (
      <>
        <CardHeader>
          <CardTitle>本周读书笔记</CardTitle>
          <CardDescription>来自 3 个想法 · 6月15日</CardDescription>
        </CardHeader>
        <CardContent>
          好的习惯不是靠意志力，而是靠环境设计。把想做的事变得容易，把不想做的事变得困难。
        </CardContent>
      </>
    ),
  },
};

export const WithFooter: Story = {
  args: {
    children: (
      <>
        <CardHeader>
          <CardTitle>导出全部数据</CardTitle>
          <CardDescription>包含全部想法、笔记与原始文本，打包为 zip 文件。</CardDescription>
        </CardHeader>
        <CardContent>导出可能需要几分钟，期间可以继续使用拾念。</CardContent>
        <CardFooter className="justify-end">
          <Button variant="secondary" size="sm">
            取消
          </Button>
          <Button size="sm">开始导出</Button>
        </CardFooter>
      </>
    ),
  },
};
