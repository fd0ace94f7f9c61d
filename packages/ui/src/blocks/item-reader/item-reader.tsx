import { ArrowLeft, Ellipsis, FileText, History, Image, Pencil, Sparkles, Trash2 } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";
import { Button } from "../../primitives/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../primitives/dropdown-menu";
import { Tag } from "../../primitives/tag";
import { MarkdownView } from "../markdown-view";

export type ItemReaderProps = Omit<React.ComponentProps<"article">, "title"> & {
  /** 想法 or 笔记: names the page when the item has no title. */
  noun: string;
  title?: string;
  /** When it was written, formatted, and as an ISO time for <time>. */
  date: string;
  dateTime: string;
  tags: readonly string[];
  /** A tag tapped: its view on 首页. */
  onTagClick?: (tag: string) => void;
  /** Its text, Markdown, rendered (never as HTML). */
  source: string;
  /** Files the Markdown refers to: attachment id → URL. */
  images?: Readonly<Record<string, string>>;
  /** Pictures and recordings shown under the text. */
  media?: React.ReactNode;
  /** Its words are an AI tidy: says so, with 恢复原文. */
  tidied?: boolean;
  onRestoreOriginal?: () => void;
  restoring?: boolean;
  /** The switches that save when tapped (置顶, 不让AI读取, 不再回顾). */
  toggles?: React.ReactNode;
  /** A message about the last action (saved, failed). */
  notice?: React.ReactNode;
  /** What follows the text (AI 整理's versions). */
  footer?: React.ReactNode;
  onBack: () => void;
  /** Opens the form; a tap on the text does too (not on a link, nor when text is selected). */
  onEdit: () => void;
  onDelete: () => void;
  /** An idea's 查看原始想法. */
  onViewOriginal?: () => void;
  /** A note's 历史版本. */
  onViewHistory?: () => void;
  /** 分享卡片: the item drawn as an image to share. */
  onShare?: () => void;
  /** Offline: the copy kept on this device, read only. */
  readOnly?: boolean;
};

const tappedText = (event: React.MouseEvent) =>
  !(event.target as Element).closest("a, button, audio, video, input, [role=button]") &&
  !window.getSelection()?.toString();

/** An idea or note as text first: its date, tags, words, pictures and recording; 编辑 opens the form. */
export function ItemReader({
  noun,
  title,
  date,
  dateTime,
  tags,
  onTagClick,
  source,
  images,
  media,
  tidied = false,
  onRestoreOriginal,
  restoring = false,
  toggles,
  notice,
  footer,
  onBack,
  onEdit,
  onDelete,
  onViewOriginal,
  onViewHistory,
  onShare,
  readOnly = false,
  className,
  ...props
}: ItemReaderProps) {
  return (
    <article
      data-slot="item-reader"
      data-tidied={tidied || undefined}
      className={cn("flex flex-col gap-4 p-4 md:p-6", className)}
      {...props}
    >
      <div className="flex items-center gap-1">
        <Button variant="ghost" size="sm" className="-ml-2 max-md:h-11" onClick={onBack}>
          <ArrowLeft aria-hidden />
          返回
        </Button>
        <div className="flex-1" />
        <Button variant="secondary" size="sm" className="max-md:h-11" onClick={onEdit} disabled={readOnly}>
          <Pencil aria-hidden />
          编辑
        </Button>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild disabled={readOnly}>
            <Button variant="ghost" size="sm" aria-label="更多操作" className="max-md:size-11 max-md:px-0">
              <Ellipsis aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            {onShare ? (
              <DropdownMenuItem onSelect={onShare}>
                <Image aria-hidden />
                分享卡片
              </DropdownMenuItem>
            ) : null}
            {onViewOriginal ? (
              <DropdownMenuItem onSelect={onViewOriginal}>
                <FileText aria-hidden />
                查看原始想法
              </DropdownMenuItem>
            ) : null}
            {onViewHistory ? (
              <DropdownMenuItem onSelect={onViewHistory}>
                <History aria-hidden />
                历史版本
              </DropdownMenuItem>
            ) : null}
            {onShare || onViewOriginal || onViewHistory ? <DropdownMenuSeparator /> : null}
            <DropdownMenuItem tone="danger" onSelect={onDelete}>
              <Trash2 aria-hidden />
              删除
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <header className="flex flex-col gap-2">
        <h1 className={cn("font-bold text-xl leading-snug", !title && "sr-only")}>
          {title || `${noun}详情`}
        </h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-sm">
          <time dateTime={dateTime}>{date}</time>
          {tidied ? (
            <span data-slot="item-tidied" className="inline-flex items-center gap-1 text-info">
              <Sparkles aria-hidden className="size-3.5" />
              已整理
            </span>
          ) : null}
        </p>
        {tags.length ? (
          <ul aria-label="标签" className="flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li key={tag}>
                {/* a chip as tall as a tap on phones: it is what the finger aims at here, not a hint */}
                <Tag
                  name={tag}
                  onClick={onTagClick ? () => onTagClick(tag) : undefined}
                  className="max-lg:h-11 max-lg:text-sm"
                />
              </li>
            ))}
          </ul>
        ) : null}
      </header>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a shortcut for pointers; 编辑 above is the control */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users have 编辑 */}
      <div
        data-slot="item-reader-text"
        className={cn("min-w-0 break-words", !readOnly && "cursor-text")}
        onClick={(event) => {
          if (!readOnly && tappedText(event)) onEdit();
        }}
      >
        <MarkdownView source={source} images={images} emptyText={`这条${noun}还没有内容`} />
      </div>
      {media}
      {tidied && onRestoreOriginal ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-border bg-muted/40 px-3 py-2 text-sm">
          <p className="min-w-0 flex-1 text-muted-foreground">这是 AI 整理后的文字，你的原话没有改动。</p>
          <Button
            size="sm"
            variant="secondary"
            className="max-md:h-11"
            loading={restoring}
            onClick={onRestoreOriginal}
          >
            恢复原文
          </Button>
        </div>
      ) : null}
      {toggles ? <div className="flex flex-wrap gap-2">{toggles}</div> : null}
      {notice}
      {footer}
    </article>
  );
}
