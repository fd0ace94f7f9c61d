import * as React from "react";
import { cn } from "../../lib/cn";
import { type MarkdownElement, type MarkdownNode, parseMarkdown } from "../../lib/markdown";
import { ItemLinksContext } from "../link-chip/links-context";
import { CitedText, MarkdownCitationContext } from "./markdown-citation";
import { MarkdownImage } from "./markdown-image";

const headingClass = ["text-2xl", "text-xl", "text-lg", "text-base", "text-base", "text-sm"];
const alignClass = { left: "text-left", center: "text-center", right: "text-right" } as const;
const cellClass = "border border-border px-3 py-1.5";
/** Code and tables scroll sideways when too wide; a keyboard reaches them too (like GitHub's `pre`). */
const scrollX = "overflow-x-auto outline-none focus-visible:ring-2 focus-visible:ring-ring";

const cited = (run: string) => <CitedText text={run} />;

function Nodes({ nodes }: { nodes: MarkdownNode[] }) {
  const links = React.useContext(ItemLinksContext);
  return nodes.map((node, i) =>
    typeof node !== "string" ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: nodes are derived from the source and never reorder
      <Element key={i} node={node} />
    ) : links && node.includes("[[") ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: nodes are derived from the source and never reorder
      <React.Fragment key={i}>{links(node, cited)}</React.Fragment>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: nodes are derived from the source and never reorder
      <CitedText key={i} text={node} />
    ),
  );
}

/** Code and links keep `[1]` as text: an answer's citations link only from its prose. */
const NO_CITATIONS = new Set(["pre", "code", "a"]);

function Element({ node }: { node: MarkdownElement }) {
  // code and links keep `[[idea:…]]` as text too
  const children = NO_CITATIONS.has(node.tag) ? (
    <MarkdownCitationContext value={null}>
      <ItemLinksContext value={null}>
        <Nodes nodes={node.children} />
      </ItemLinksContext>
    </MarkdownCitationContext>
  ) : (
    <Nodes nodes={node.children} />
  );
  switch (node.tag) {
    case "h1":
    case "h2":
    case "h3":
    case "h4":
    case "h5":
    case "h6": {
      const Tag = node.tag;
      return <Tag className={cn("font-semibold", headingClass[Number(node.tag[1]) - 1])}>{children}</Tag>;
    }
    case "blockquote":
      return (
        <blockquote className="flex flex-col gap-3 border-border border-l-4 pl-3 text-muted-foreground">
          {children}
        </blockquote>
      );
    case "ul":
      return <ul className="pl-6 list-disc">{children}</ul>;
    case "ol":
      return (
        <ol className="pl-6 list-decimal" start={node.start}>
          {children}
        </ol>
      );
    case "li":
      return (
        <li
          data-task={node.checked === undefined ? undefined : node.checked ? "done" : "open"}
          className={cn("[&>:is(p,pre,blockquote,div)+*]:mt-2", node.checked !== undefined && "list-none")}
        >
          {children}
        </li>
      );
    case "input":
      return (
        <input
          type="checkbox"
          checked={node.checked}
          disabled
          readOnly
          className="my-0 mr-1.5 -ml-5 size-3.5 align-[-0.125em] accent-primary"
        />
      );
    case "pre":
      return (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        <pre data-scroll-x tabIndex={0} className={cn(scrollX, "rounded-md bg-muted p-3 font-mono text-sm")}>
          <code>{children}</code>
        </pre>
      );
    case "table":
      return (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        <div data-scroll-x tabIndex={0} className={scrollX}>
          <table className="border-collapse">{children}</table>
        </div>
      );
    case "th":
      return (
        <th className={cn(cellClass, "bg-muted font-semibold", alignClass[node.align ?? "left"])}>
          {children}
        </th>
      );
    case "td":
      return <td className={cn(cellClass, node.align && alignClass[node.align])}>{children}</td>;
    case "code":
      return <code className="rounded-sm bg-muted px-1 font-mono text-[0.9em]">{children}</code>;
    case "strong":
      return <strong className="font-semibold">{children}</strong>;
    case "a":
      return (
        <a
          href={node.href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="text-primary underline"
        >
          {children}
        </a>
      );
    case "img":
      return <MarkdownImage src={node.src ?? ""} alt={node.alt ?? ""} />;
    case "hr":
      return <hr className="border-border" />;
    case "br":
      return <br />;
    default: {
      // p, em, s, label, thead, tbody, tr: the element itself, unstyled
      const Tag = node.tag;
      return <Tag>{children}</Tag>;
    }
  }
}

/** The parsed Markdown as elements (loaded lazily by MarkdownView, with the parser). */
export function MarkdownBlocks({ source, emptyText }: { source: string; emptyText: string }) {
  const nodes = React.useMemo(() => parseMarkdown(source), [source]);
  return nodes.length ? <Nodes nodes={nodes} /> : <p className="text-muted-foreground">{emptyText}</p>;
}
