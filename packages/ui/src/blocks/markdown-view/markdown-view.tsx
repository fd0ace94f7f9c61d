import * as React from "react";
import { cn } from "../../lib/cn";
import { type MarkdownCitation, MarkdownCitationContext } from "./markdown-citation";
import { MarkdownImageContext } from "./markdown-image";

export type MarkdownViewProps = Omit<React.ComponentProps<"div">, "children"> & {
  /** Markdown source; rendered as text elements only, never as HTML. */
  source: string;
  /** Shown when the source is blank. */
  emptyText?: string;
  /** The note's files, attachment id → URL: `![名字](attachment:{id})` shows them; any other id shows `unavailableImageText`. */
  images?: Readonly<Record<string, string>>;
  unavailableImageText?: string;
  /** Before the alt text of an https image, which is shown as a link. */
  externalImageText?: string;
  /** An answer's sources by number: each `[n]` in its prose links to `citations[n]`. */
  citations?: Readonly<Record<number, MarkdownCitation>>;
};

type Blocks = typeof import("./markdown-blocks").MarkdownBlocks;
let blocks: Blocks | undefined;
/** Loaded, or failed this time (then the text stays plain and the next view tries again). */
let settled = false;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/**
 * Loads the Markdown parser, a chunk of its own (~43 kB gzip) kept off the first screens. Screens
 * that will show Markdown start it as they open (`useMarkdownReady`), so it comes with their data.
 */
export function preloadMarkdown(): Promise<void> {
  loading ??= import("./markdown-blocks")
    .then(
      (module) => {
        blocks = module.MarkdownBlocks;
      },
      () => {
        loading = undefined;
      },
    )
    .finally(() => {
      settled = true;
      for (const listener of listeners) listener();
    });
  return loading;
}

/** Starts loading the parser; true once it is there (or could not load), so a screen can wait for it with its data. */
export function useMarkdownReady(): boolean {
  React.useEffect(() => {
    void preloadMarkdown();
  }, []);
  return React.useSyncExternalStore(
    subscribe,
    () => settled,
    () => settled,
  );
}

const NO_IMAGES: Readonly<Record<string, string>> = {};

/** Safe GitHub-flavoured Markdown for notes and answers; plain text until the parser has loaded. */
export function MarkdownView({
  source,
  emptyText = "暂无内容",
  images = NO_IMAGES,
  unavailableImageText = "图片不可用",
  externalImageText = "外部图片",
  citations,
  className,
  ...props
}: MarkdownViewProps) {
  const imageOptions = React.useMemo(
    () => ({ images, unavailableText: unavailableImageText, externalText: externalImageText }),
    [images, unavailableImageText, externalImageText],
  );
  const Blocks = React.useSyncExternalStore(
    subscribe,
    () => blocks,
    () => blocks,
  );
  React.useEffect(() => {
    if (!blocks) void preloadMarkdown();
  }, []);
  // typing in a long note stays responsive: the preview catches up when the browser is free
  const text = React.useDeferredValue(source);
  return (
    <div
      data-slot="markdown-view"
      data-state={Blocks ? "ready" : "loading"}
      className={cn("flex flex-col gap-3 text-sm leading-relaxed text-foreground", className)}
      {...props}
    >
      {!text.trim() ? (
        <p className="text-muted-foreground">{emptyText}</p>
      ) : Blocks ? (
        <MarkdownImageContext value={imageOptions}>
          <MarkdownCitationContext value={citations ?? null}>
            <Blocks source={text} emptyText={emptyText} />
          </MarkdownCitationContext>
        </MarkdownImageContext>
      ) : (
        <p className="whitespace-pre-wrap">{text}</p>
      )}
    </div>
  );
}
