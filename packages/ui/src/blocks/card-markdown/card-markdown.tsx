import * as React from "react";
import { type MarkdownElement, type MarkdownNode, parseCardMarkdown } from "../../lib/card-markdown";
import { cn } from "../../lib/cn";
import { Highlight } from "../../primitives/highlight";
import { useLinkedText } from "../link-chip/links-context";

export type CardMarkdownProps = Omit<React.ComponentProps<"div">, "children"> & {
  /** Markdown source; rendered as elements only, never as HTML. */
  source: string;
  /** Words to mark wherever they occur in the text. */
  terms?: readonly string[];
  /** Shown for a picture in the text, e.g. `![收据](attachment:…)`. */
  imageLabel?: (alt: string) => string;
};

type Options = { terms: readonly string[]; imageLabel: (alt: string) => string; inLink: boolean };

const highlighted = (text: string, terms: readonly string[]) =>
  terms.length ? <Highlight text={text} terms={terms} /> : text;

function Nodes({ nodes, options }: { nodes: MarkdownNode[]; options: Options }) {
  const linked = useLinkedText();
  return nodes.map((node, i) =>
    typeof node === "string" ? (
      !options.inLink && node.includes("[[") ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: nodes are derived from the source and never reorder
        <React.Fragment key={i}>{linked(node, (run) => highlighted(run, options.terms))}</React.Fragment>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: nodes are derived from the source and never reorder
        <React.Fragment key={i}>{highlighted(node, options.terms)}</React.Fragment>
      )
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: nodes are derived from the source and never reorder
      <Element key={i} node={node} options={options} />
    ),
  );
}

function Element({ node, options }: { node: MarkdownElement; options: Options }) {
  // code keeps `[[idea:…]]` as text, as a link's text does
  const literal = node.tag === "pre" || node.tag === "code";
  const children = <Nodes nodes={node.children} options={literal ? { ...options, inLink: true } : options} />;
  switch (node.tag) {
    case "ul":
      return <ul className="list-disc pl-5">{children}</ul>;
    case "ol":
      return (
        <ol className="list-decimal pl-5" start={node.start}>
          {children}
        </ol>
      );
    case "li":
      return <li className={cn(node.checked !== undefined && "-ml-5 list-none")}>{children}</li>;
    case "label":
      // biome-ignore lint/a11y/noLabelWithoutControl: the task's box is its first child (lib/card-markdown.ts)
      return <label className="inline">{children}</label>;
    case "input":
      return (
        <input
          type="checkbox"
          checked={node.checked}
          disabled
          readOnly
          className="my-0 mr-1.5 size-3.5 align-[-0.125em] accent-primary"
        />
      );
    case "blockquote":
      return (
        <blockquote className="border-l-2 border-border pl-2.5 text-muted-foreground">{children}</blockquote>
      );
    case "pre":
      return (
        <pre className="rounded-md bg-muted px-2 py-1.5 font-mono text-xs break-all whitespace-pre-wrap">
          {children}
        </pre>
      );
    case "code":
      return <code className="rounded-sm bg-muted px-1 font-mono text-[0.9em]">{children}</code>;
    case "strong":
      return <strong className="font-semibold">{children}</strong>;
    case "em":
      return <em>{children}</em>;
    case "s":
      return <s>{children}</s>;
    case "a":
      // a link in a link's text stays text; a link sits above the card's open button
      return options.inLink ? (
        children
      ) : (
        <a
          href={node.href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          data-slot="card-markdown-link"
          className="relative text-primary underline underline-offset-2 [overflow-wrap:anywhere]"
        >
          <Nodes nodes={node.children} options={{ ...options, inLink: true }} />
        </a>
      );
    case "img":
      return <span className="text-muted-foreground">{options.imageLabel(node.alt ?? "")}</span>;
    case "hr":
      return <hr className="border-border" />;
    case "br":
      return <br />;
    default:
      return <p>{children}</p>;
  }
}

const defaultImageLabel = (alt: string) => (alt ? `[图片：${alt}]` : "[图片]");

/** A memo's Markdown as a card shows it: bold, lists, links and quotes, compact, headings as bold lines. */
export function CardMarkdown({
  source,
  terms = [],
  imageLabel = defaultImageLabel,
  className,
  ...props
}: CardMarkdownProps) {
  const nodes = React.useMemo(() => parseCardMarkdown(source), [source]);
  const options = React.useMemo(() => ({ terms, imageLabel, inLink: false }), [terms, imageLabel]);
  return (
    <div
      data-slot="card-markdown"
      className={cn(
        "flex flex-col gap-1.5 break-words whitespace-pre-line [&_li+li]:mt-0.5 [&_li>ol]:mt-0.5 [&_li>ul]:mt-0.5",
        className,
      )}
      {...props}
    >
      <Nodes nodes={nodes} options={options} />
    </div>
  );
}
