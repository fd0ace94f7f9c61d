import * as React from "react";

/** Where an answer's `[n]` leads: the cited idea or note. */
export type MarkdownCitation = {
  href: string;
  /** The accessible name, e.g. 引用 1：想法：标题. */
  label: string;
  /** Called on click; the app calls `preventDefault()` and routes itself. */
  onNavigate?: (event: React.MouseEvent<HTMLAnchorElement>) => void;
};

/** The `[n]` of the text being rendered, by n; null inside code and links, where `[1]` stays text. */
export const MarkdownCitationContext = React.createContext<Readonly<Record<number, MarkdownCitation>> | null>(
  null,
);

const MARKER = /\[(\d{1,2})\]/g;

/** A run of text whose `[n]` markers link to their citations; any other `[n]` stays as written. */
export function CitedText({ text }: { text: string }) {
  const citations = React.useContext(MarkdownCitationContext);
  if (!citations || !text.includes("[")) return text;
  const parts: React.ReactNode[] = [];
  let done = 0;
  for (const match of text.matchAll(MARKER)) {
    const citation = citations[Number(match[1])];
    if (!citation) continue;
    parts.push(
      text.slice(done, match.index),
      <a
        key={match.index}
        data-slot="markdown-citation"
        href={citation.href}
        aria-label={citation.label}
        title={citation.label}
        onClick={citation.onNavigate}
        className="mx-0.5 rounded-sm bg-primary-soft px-1 align-baseline font-medium text-primary-soft-foreground text-xs tabular-nums no-underline outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        {match[0]}
      </a>,
    );
    done = match.index + match[0].length;
  }
  if (!done) return text;
  parts.push(text.slice(done));
  return parts;
}
