import { Camera, ImagePlus } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn";
import { useFileDrop } from "../../lib/use-file-drop";
import { Button } from "../../primitives/button";

export type ImageDropZoneProps = React.ComponentProps<"div"> & {
  /** Takes pictures pasted, dropped or picked (camera included) anywhere in the zone. */
  onAddImages: (files: File[]) => void;
  /** The pictures uploading or refused (ImageUploadChip), shown under the content. */
  images?: React.ReactNode;
  /** Why a picture was not taken (refused by the server, too many). */
  imageError?: React.ReactNode;
  /** A line beside the buttons. */
  hint?: React.ReactNode;
  addImageLabel?: string;
  /** The camera button, shown only on touch screens (where `capture` opens the camera). */
  cameraLabel?: string;
};

/** Wraps an editor so pictures can be pasted, dropped, picked or taken with the camera into it. */
export function ImageDropZone({
  onAddImages,
  images,
  imageError,
  hint,
  addImageLabel = "插入图片",
  cameraLabel = "拍照",
  className,
  children,
  ...props
}: ImageDropZoneProps) {
  const picker = React.useRef<HTMLInputElement>(null);
  const camera = React.useRef<HTMLInputElement>(null);
  const take = (files: FileList | null | undefined) => {
    const list = Array.from(files ?? []).filter((f) => f.type.startsWith("image/") || !f.type);
    if (list.length) onAddImages(list);
    return list.length > 0;
  };
  const input = (ref: React.RefObject<HTMLInputElement | null>, label: string, capture?: "environment") => (
    <input
      ref={ref}
      type="file"
      accept="image/*"
      capture={capture}
      multiple={!capture}
      hidden
      aria-label={label}
      onChange={(e) => {
        take(e.target.files);
        e.target.value = "";
      }}
    />
  );
  // paste and drop land on the editor inside: the zone only listens as they bubble
  const { dragging, handlers: dropHandlers } = useFileDrop(take);
  return (
    <div
      data-slot="image-drop-zone"
      data-drag={dragging ? "over" : undefined}
      className={cn(
        "flex flex-col gap-2 rounded-md data-[drag=over]:ring-2 data-[drag=over]:ring-primary",
        className,
      )}
      {...dropHandlers}
      {...props}
    >
      {children}
      {images ? (
        <div data-slot="image-drop-zone-images" className="flex flex-wrap gap-2">
          {images}
        </div>
      ) : null}
      {imageError ? (
        <p data-slot="image-drop-zone-error" role="alert" className="text-error text-xs">
          {imageError}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {input(picker, addImageLabel)}
        <Button type="button" variant="secondary" size="sm" onClick={() => picker.current?.click()}>
          <ImagePlus aria-hidden className="size-4" />
          {addImageLabel}
        </Button>
        {input(camera, cameraLabel, "environment")}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="hidden pointer-coarse:inline-flex"
          onClick={() => camera.current?.click()}
        >
          <Camera aria-hidden className="size-4" />
          {cameraLabel}
        </Button>
        {hint ? <span className="min-w-0 flex-1 text-muted-foreground text-xs">{hint}</span> : null}
      </div>
    </div>
  );
}
