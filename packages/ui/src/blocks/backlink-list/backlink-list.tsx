import { FileText, Lightbulb } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";

/** An idea or note whose text links to the one shown. */
export type Backlink = {
  type: "idea" | "note";
  id: string;
  title: string;
  excerpt: string;
  createdAt: string;
};

export type BacklinkListProps = Omit<React.ComponentProps<"section">, "children"> & {
  items: readonly Backlink[];
  /** How many link to it in all (more than `items` when the list is cut). */
  total?: number;
  href: (item: Backlink) => string;
  /** Called on click; the app calls `preventDefault()` and routes itself. */
  onNavigate?: (event: React.MouseEvent<HTMLAnchorElement>, item: Backlink) => void;
  formatTime?: (iso: string) => string;
};

const day = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "numeric",
  day: "numeric",
});

/** 被引用: the ideas and notes that link to this one, with their count; nothing while there are none. */
export function BacklinkList({
  items,
  total = items.length,
  href,
  onNavigate,
  formatTime = (iso) => day.format(new Date(iso)),
  className,
  ...props
}: BacklinkListProps) {
  return (
    <section
      data-slot="backlink-list"
      aria-label="被引用"
      className={cn("flex flex-col gap-2", className)}
      {...props}
    >
      <h2
        id="backlinks-heading"
        className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground"
      >
        被引用
        <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums">
          {total}
          <span className="sr-only"> 条</span>
        </span>
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">还没有想法或笔记链接到这里。</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {items.map((item) => {
            const Icon = item.type === "idea" ? Lightbulb : FileText;
            return (
              <li key={`${item.type}:${item.id}`}>
                <a
                  href={href(item)}
                  onClick={onNavigate && ((event) => onNavigate(event, item))}
                  className="flex flex-col gap-0.5 rounded-md border border-border px-3 py-2 outline-none hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="flex min-w-0 items-center gap-1.5 text-sm font-medium [&_svg]:size-3.5 [&_svg]:shrink-0">
                    <Icon aria-hidden />
                    <span className="sr-only">{item.type === "idea" ? "想法：" : "笔记："}</span>
                    <span className="truncate">{item.title || item.excerpt || "无标题"}</span>
                  </span>
                  {item.title && item.excerpt && (
                    <span className="line-clamp-2 text-xs text-muted-foreground">{item.excerpt}</span>
                  )}
                  <time dateTime={item.createdAt} className="text-xs text-muted-foreground tabular-nums">
                    {formatTime(item.createdAt)}
                  </time>
                </a>
              </li>
            );
          })}
        </ul>
      )}
      {total > items.length && (
        <p className="text-xs text-muted-foreground">只列出最新的 {items.length} 条</p>
      )}
    </section>
  );
}
