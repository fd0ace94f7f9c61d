import { ImageIcon, ImageOff } from "lucide-react";
import * as React from "react";

export type MarkdownImageOptions = {
  /** The note's files: attachment id → a (signed) URL to show it. */
  images: Readonly<Record<string, string>>;
  unavailableText: string;
  externalText: string;
};

export const MarkdownImageContext = React.createContext<MarkdownImageOptions>({
  images: {},
  unavailableText: "图片不可用",
  externalText: "外部图片",
});

const ATTACHMENT = "attachment:";

/**
 * An image of a note: its own file (`attachment:{id}`) shown from the URL the app resolved; one
 * the note does not hold, or whose URL fails, as a placeholder rather than a broken request; an
 * https image as a link, since the app loads no image from other sites (CSP, and privacy).
 */
export function MarkdownImage({ src, alt }: { src: string; alt: string }) {
  const { images, unavailableText, externalText } = React.useContext(MarkdownImageContext);
  const url = src.startsWith(ATTACHMENT) ? images[src.slice(ATTACHMENT.length).toLowerCase()] : undefined;
  // a fresh URL (the note read again) gets a new try
  const [failedUrl, setFailedUrl] = React.useState<string>();
  if (!src.startsWith(ATTACHMENT)) {
    return (
      <a
        data-slot="markdown-image"
        data-state="external"
        href={src}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="inline-flex items-center gap-1 text-primary underline"
      >
        <ImageIcon aria-hidden className="size-4" />
        {alt ? `${externalText}：${alt}` : externalText}
      </a>
    );
  }
  if (!url || failedUrl === url) {
    return (
      <span
        data-slot="markdown-image"
        data-state="unavailable"
        role="img"
        aria-label={alt ? `${unavailableText}：${alt}` : unavailableText}
        title={alt || undefined}
        className="inline-flex max-w-full items-center gap-1.5 rounded-md border border-border border-dashed bg-muted px-3 py-2 text-muted-foreground text-xs"
      >
        <ImageOff aria-hidden className="size-4 shrink-0" />
        <span className="truncate">{unavailableText}</span>
      </span>
    );
  }
  return (
    <a
      data-slot="markdown-image"
      data-state="ready"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-block max-w-full align-bottom outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <img
        src={url}
        alt={alt}
        loading="lazy"
        onError={() => setFailedUrl(url)}
        className="max-h-[28rem] max-w-full rounded-md border border-border bg-muted object-contain"
      />
    </a>
  );
}
