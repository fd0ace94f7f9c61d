import { cva } from "class-variance-authority";
import { CircleAlert, CloudOff, X } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn";
import { type UploadState, uploadStateVariants } from "../../lib/upload-state";
import { UnshownImage } from "../image-grid/unshown-image";

export const imageUploadChipVariants = cva("relative size-20 shrink-0 overflow-hidden rounded-md bg-muted");

export type ImageUploadState = UploadState;

export type ImageUploadChipProps = React.ComponentProps<"div"> & {
  /** A local preview of the picked file (an object URL). */
  src: string;
  alt: string;
  state: ImageUploadState;
  /** 0–100 while uploading. */
  progress?: number;
  /** Why the upload failed (shown as the chip's title and to screen readers). */
  error?: string;
  /** Cancels the upload, or takes the image off the idea. */
  onRemove: () => void;
  removeLabel?: string;
  cancelLabel?: string;
  progressLabel?: string;
  /** Shown on a `queued` picture: kept on this device, it uploads when the connection returns. */
  queuedLabel?: string;
};

/**
 * One image being added to an idea: its preview, the upload's progress (or, `queued`, that it
 * uploads once online), and a button to cancel or remove it.
 */
export function ImageUploadChip({
  src,
  alt,
  state,
  progress = 0,
  error,
  onRemove,
  removeLabel = "移除图片",
  cancelLabel = "取消上传",
  progressLabel = "上传进度",
  queuedLabel = "联网后上传",
  className,
  ...props
}: ImageUploadChipProps) {
  const percent = Math.round(Math.min(100, Math.max(0, progress)));
  // The browser cannot draw it (a HEIC in Chromium, before the server turns it into a JPEG).
  const [unshown, setUnshown] = React.useState<string | null>(null);
  return (
    <div
      data-slot="image-upload-chip"
      data-state={state}
      title={state === "error" ? error : state === "queued" ? queuedLabel : undefined}
      className={cn(imageUploadChipVariants(), uploadStateVariants({ state }), className)}
      {...props}
    >
      {unshown === src ? (
        // between the remove button and the state's strip: room for the name's two lines only
        <UnshownImage name={alt} className="pt-6 pb-5 [&>svg]:hidden" />
      ) : (
        <img
          src={src}
          alt={alt}
          onError={() => setUnshown(src)}
          className={cn("size-full object-cover", state === "done" ? "" : "opacity-60")}
        />
      )}
      {state === "uploading" ? (
        <div
          role="progressbar"
          aria-label={progressLabel}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="absolute inset-x-1.5 bottom-1.5 h-1.5 overflow-hidden rounded-full bg-background/80"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      ) : null}
      {state === "error" ? (
        <span className="absolute inset-x-0 bottom-0 flex items-center gap-0.5 bg-error px-1 py-0.5 text-[10px] leading-tight text-error-foreground">
          <CircleAlert aria-hidden className="size-3 shrink-0" />
          <span className="truncate">{error}</span>
        </span>
      ) : null}
      {state === "queued" ? (
        <span className="absolute inset-x-0 bottom-0 flex items-center gap-0.5 bg-warning px-1 py-0.5 text-[10px] leading-tight text-warning-foreground">
          <CloudOff aria-hidden className="size-3 shrink-0" />
          <span className="truncate">{queuedLabel}</span>
        </span>
      ) : null}
      <button
        type="button"
        aria-label={state === "uploading" ? cancelLabel : removeLabel}
        onClick={onRemove}
        // a 44 px tap area in the chip's corner around the 24 px circle that shows
        className="group absolute top-0 right-0 inline-flex size-11 cursor-pointer items-start justify-end p-1 outline-none"
      >
        <span className="inline-flex size-6 items-center justify-center rounded-full bg-foreground/70 text-background group-hover:bg-foreground group-focus-visible:ring-2 group-focus-visible:ring-ring">
          <X aria-hidden className="size-3.5" />
        </span>
      </button>
    </div>
  );
}
