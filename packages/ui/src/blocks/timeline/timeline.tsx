import { FileText, Lightbulb } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";
import { Alert } from "../../primitives/alert";
import { LinkChip } from "../link-chip";

type ItemRef = { type: "idea" | "note"; id: string };

/** One idea or note on the timeline, with its thread and links as the server counts them. */
export type TimelineEntry = ItemRef & {
  title: string;
  excerpt: string;
  createdAt: string;
  annotationCount: number;
  /** Some of the items its text links to, as they are now. */
  links: readonly (ItemRef & { title: string; state: "live" | "trash" | "deleted" })[];
  linkCount: number;
  backlinkCount: number;
};

export type TimelineProps = Omit<React.ComponentProps<"div">, "children"> & {
  /** Oldest first. */
  items: readonly TimelineEntry[];
  href: (ref: ItemRef) => string;
  /** Called on click of an item or a link; the app calls `preventDefault()` and routes itself. */
  onNavigate?: (event: React.MouseEvent<HTMLAnchorElement>, ref: ItemRef) => void;
  emptyText?: string;
  /**
   * Not every matching item is here (the server's `truncated`): says which are, above the list,
   * e.g. 记录太多，只显示最新的 200 条。
   */
  cutOff?: string | undefined;
};

const parts = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "numeric",
  day: "numeric",
});
/** The Beijing year, month and day of an instant. */
function beijing(iso: string) {
  const p = Object.fromEntries(parts.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day) };
}

/** Months in order, each with its items (the order given). */
function byMonth(items: readonly TimelineEntry[]) {
  const months: { key: string; label: string; items: TimelineEntry[] }[] = [];
  for (const item of items) {
    const { year, month } = beijing(item.createdAt);
    const key = `${year}-${month}`;
    if (months.at(-1)?.key !== key) months.push({ key, label: `${year}年${month}月`, items: [] });
    months.at(-1)!.items.push(item);
  }
  return months;
}

const count = "inline-flex items-center rounded-full bg-muted px-2 py-0.5 tabular-nums";

/** 演变: ideas and notes by Beijing date under year/month headings, each with its 批注 and links. */
export function Timeline({
  items,
  href,
  onNavigate,
  emptyText = "这里还没有记录。",
  cutOff,
  className,
  ...props
}: TimelineProps) {
  if (!items.length)
    return (
      <p data-slot="timeline" data-state="empty" className={cn("text-sm text-muted-foreground", className)}>
        {emptyText}
      </p>
    );
  const navigate = (ref: ItemRef) =>
    onNavigate && ((e: React.MouseEvent<HTMLAnchorElement>) => onNavigate(e, ref));
  return (
    <div data-slot="timeline" className={cn("flex min-w-0 flex-col gap-6", className)} {...props}>
      {cutOff ? <Alert tone="info" description={cutOff} /> : null}
      {byMonth(items).map((month) => (
        <section key={month.key} aria-label={month.label} className="flex flex-col gap-3">
          <h2 className="text-sm font-semibold text-muted-foreground">{month.label}</h2>
          <ol className="flex flex-col gap-4 border-s-2 border-border ps-4">
            {month.items.map((item) => {
              const Icon = item.type === "idea" ? Lightbulb : FileText;
              const { year, month: m, day } = beijing(item.createdAt);
              // an untitled idea is named by its first words: its excerpt then says it all, once
              const head = item.title.replace(/…$/, "");
              const named = head === "" || !item.excerpt.startsWith(head);
              return (
                <li key={`${item.type}:${item.id}`} className="relative flex min-w-0 flex-col gap-1">
                  <span
                    aria-hidden
                    className="absolute -start-[1.4rem] top-1.5 size-2.5 rounded-full bg-primary"
                  />
                  <time dateTime={item.createdAt} className="text-xs text-muted-foreground tabular-nums">
                    {year}年{m}月{day}日
                  </time>
                  <a
                    href={href(item)}
                    onClick={navigate(item)}
                    className="flex min-w-0 items-start gap-1.5 font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring [&_svg]:mt-1 [&_svg]:size-4 [&_svg]:shrink-0"
                  >
                    <Icon aria-hidden />
                    <span className="sr-only">{item.type === "idea" ? "想法：" : "笔记："}</span>
                    <span className="line-clamp-3 min-w-0 [overflow-wrap:anywhere]">
                      {named ? item.title || "无标题" : item.excerpt}
                    </span>
                  </a>
                  {named && item.excerpt ? (
                    <p className="line-clamp-3 text-sm text-muted-foreground [overflow-wrap:anywhere]">
                      {item.excerpt}
                    </p>
                  ) : null}
                  <TimelineMeta item={item} href={href} navigate={navigate} />
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </div>
  );
}

function TimelineMeta({
  item,
  href,
  navigate,
}: {
  item: TimelineEntry;
  href: TimelineProps["href"];
  navigate: (ref: ItemRef) => ((e: React.MouseEvent<HTMLAnchorElement>) => void) | undefined;
}) {
  const more = item.linkCount - item.links.length;
  if (!item.annotationCount && !item.linkCount && !item.backlinkCount) return null;
  return (
    <div data-slot="timeline-meta" className="flex min-w-0 flex-wrap items-center gap-1.5 text-xs">
      {item.annotationCount ? (
        <span data-slot="timeline-annotations" className={count}>
          {item.annotationCount} 条批注
        </span>
      ) : null}
      {item.backlinkCount ? <span className={count}>被引用 {item.backlinkCount} 次</span> : null}
      {item.linkCount ? (
        <span className="inline-flex min-w-0 flex-wrap items-baseline gap-y-1 text-muted-foreground">
          链接到
          {item.links.map((link) => (
            <LinkChip
              key={`${link.type}:${link.id}`}
              type={link.type}
              title={link.title}
              state={link.state}
              href={href(link)}
              onNavigate={navigate(link)}
            />
          ))}
          {more > 0 ? <span>等 {item.linkCount} 条</span> : null}
        </span>
      ) : null}
    </div>
  );
}
