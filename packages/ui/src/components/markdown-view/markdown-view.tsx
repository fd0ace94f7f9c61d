import type * as React from "react";
import { cn } from "../../lib/cn";
import { type MarkdownBlock, type MarkdownInline, parseMarkdown } from "../../lib/markdown";

export type MarkdownViewProps = Omit<React.ComponentProps<"div">, "children"> & {
  /** Markdown source; rendered as text elements only, never as HTML. */
  source: string;
  /** Shown when the source is blank. */
  emptyText?: string;
};

function Inline({ nodes }: { nodes: MarkdownInline[] }) {
  return nodes.map((node, i) => {
    const key = `${node.type}-${i}`;
    switch (node.type) {
      case "text":
        return <span key={key}>{node.text}</span>;
      case "strong":
        return (
          <strong key={key} className="font-semibold">
            <Inline nodes={node.children} />
          </strong>
        );
      case "em":
        return (
          <em key={key}>
            <Inline nodes={node.children} />
          </em>
        );
      case "code":
        return (
          <code key={key} className="rounded-sm bg-muted px-1 font-mono text-[0.9em]">
            {node.text}
          </code>
        );
      case "link":
        return (
          <a
            key={key}
            href={node.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-primary underline"
          >
            <Inline nodes={node.children} />
          </a>
        );
      default:
        return null;
    }
  });
}

const headingClass = ["text-2xl", "text-xl", "text-lg", "text-base", "text-base", "text-sm"];

function Block({ block }: { block: MarkdownBlock }) {
  switch (block.type) {
    case "heading": {
      const Tag = `h${block.level}` as "h1";
      return (
        <Tag className={cn("font-semibold", headingClass[block.level - 1])}>
          <Inline nodes={block.children} />
        </Tag>
      );
    }
    case "paragraph":
      return (
        <p>
          <Inline nodes={block.children} />
        </p>
      );
    case "quote":
      return (
        <blockquote className="border-border border-l-4 pl-3 text-muted-foreground">
          <Inline nodes={block.children} />
        </blockquote>
      );
    case "code":
      return <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-sm">{block.text}</pre>;
    case "list": {
      const List = block.ordered ? "ol" : "ul";
      return (
        <List className={cn("pl-6", block.ordered ? "list-decimal" : "list-disc")}>
          {block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items are derived from the source and never reorder
            <li key={i}>
              <Inline nodes={item} />
            </li>
          ))}
        </List>
      );
    }
  }
}

/** Safe Markdown preview for notes: a small subset, no raw HTML ever. */
export function MarkdownView({ source, emptyText = "暂无内容", className, ...props }: MarkdownViewProps) {
  const blocks = parseMarkdown(source);
  return (
    <div
      data-slot="markdown-view"
      className={cn("flex flex-col gap-3 text-sm leading-relaxed text-foreground", className)}
      {...props}
    >
      {blocks.length ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are derived from the source and never reorder
        blocks.map((block, i) => <Block key={i} block={block} />)
      ) : (
        <p className="text-muted-foreground">{emptyText}</p>
      )}
    </div>
  );
}
