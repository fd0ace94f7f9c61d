import { FileText, Lightbulb } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn";

export type LinkChipState = "live" | "trash" | "deleted" | "loading";

export type LinkChipProps = Omit<React.ComponentProps<"a">, "type" | "title" | "href" | "children"> & {
  type: "idea" | "note";
  /** The target's current title (ignored once it is deleted). */
  title: string;
  /** live: a link to it; trash: 回收站中 (still a link: it can be restored); deleted: 已删除, not a link. */
  state: LinkChipState;
  href: string;
  /** Called on click; the app calls `preventDefault()` and routes itself. */
  onNavigate?: (event: React.MouseEvent<HTMLAnchorElement>) => void;
};

const typeLabel = { idea: "想法", note: "笔记" } as const;
const base =
  "mx-0.5 inline-flex max-w-full items-baseline gap-1 rounded-sm px-1 align-baseline text-[0.95em] no-underline [overflow-wrap:anywhere] [&_svg]:size-[0.9em] [&_svg]:shrink-0 [&_svg]:self-center";

/** A link to another idea or note, as its text's `[[idea:<uuid>]]` shows: the target's current title. */
export function LinkChip({
  type,
  title,
  state,
  href,
  onNavigate,
  onClick,
  className,
  ...props
}: LinkChipProps) {
  const Icon = type === "idea" ? Lightbulb : FileText;
  if (state === "deleted")
    return (
      <span
        data-slot="link-chip"
        data-state="deleted"
        className={cn(base, "bg-muted text-muted-foreground line-through", className)}
      >
        <Icon aria-hidden />
        已删除的{typeLabel[type]}
      </span>
    );
  const shown = state === "loading" ? "…" : title || typeLabel[type];
  return (
    <a
      data-slot="link-chip"
      data-state={state}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        onNavigate?.(event);
      }}
      className={cn(
        base,
        "relative bg-primary-soft font-medium text-primary-soft-foreground outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring",
        state === "trash" && "bg-muted text-muted-foreground",
        className,
      )}
      {...props}
    >
      <Icon aria-hidden />
      <span className="sr-only">{typeLabel[type]}：</span>
      <span>{shown}</span>
      {state === "trash" && <span className="text-xs font-normal">回收站中</span>}
    </a>
  );
}

type LinkRef = { type: "idea" | "note"; id: string };

export type LinkedTextProps = {
  text: string;
  /** The text cut into plain runs and links (the contract's splitLinks). */
  split: (text: string) => (string | LinkRef)[];
  /** Each link's chip (a LinkChip with its target's state and title). */
  renderLink: (ref: LinkRef) => React.ReactNode;
  /** The plain runs between the links (marked search words, an answer's `[n]`); as written by default. */
  renderText?: ((run: string) => React.ReactNode) | undefined;
};

/** A run of text whose `[[idea:…]]` / `[[note:…]]` show as chips. */
export function LinkedText({ text, split, renderLink, renderText }: LinkedTextProps) {
  return split(text).map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: parts are derived from the text and never reorder
    <React.Fragment key={i}>
      {typeof part !== "string" ? renderLink(part) : renderText ? renderText(part) : part}
    </React.Fragment>
  ));
}
