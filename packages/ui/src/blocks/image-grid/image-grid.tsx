import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "../../lib/cn";
import { UnshownImage } from "./unshown-image";

export const imageGridVariants = cva("grid", {
  variants: {
    size: {
      thumb: "w-full max-w-xs grid-cols-3 gap-1.5",
      full: "grid-cols-1 gap-3 sm:grid-cols-2",
    },
  },
  defaultVariants: { size: "thumb" },
});

export type ImageGridSize = NonNullable<VariantProps<typeof imageGridVariants>["size"]>;

export type ImageGridImage = {
  id: string;
  /** What the box shows (a thumbnail in `thumb`, the image in `full`). */
  src: string;
  /** Opened in a new tab when the image (or its thumbnail) is clicked. */
  href?: string;
  /** Also shown in a neutral tile when the browser cannot draw the picture. */
  alt: string;
};

/** The picture, or its name in a neutral tile once the browser fails to draw it. */
function GridPicture({ src, alt, full }: { src: string; alt: string; full: boolean }) {
  const [unshown, setUnshown] = React.useState<string | null>(null);
  if (unshown === src) return <UnshownImage name={alt} />;
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setUnshown(src)}
      // full: never larger than the picture itself (a small screenshot would blur)
      className={full ? "max-h-full max-w-full object-contain" : "size-full object-cover"}
    />
  );
}

export type ImageGridProps = React.ComponentProps<"ul"> &
  VariantProps<typeof imageGridVariants> & {
    images: readonly ImageGridImage[];
    /** Names the list for screen readers. */
    label?: string;
    openLabel?: string;
  };

/** An item's pictures in fixed-ratio boxes, so nothing moves as they load: thumbnails in a feed card, the images on a detail page. */
export function ImageGrid({
  images,
  size,
  label = "图片",
  openLabel = "在新标签页打开原图",
  className,
  ...props
}: ImageGridProps) {
  if (!images.length) return null;
  const full = size === "full";
  return (
    <ul
      data-slot="image-grid"
      data-size={full ? "full" : "thumb"}
      aria-label={label}
      className={cn(imageGridVariants({ size }), className)}
      {...props}
    >
      {images.map((image) => {
        const img = <GridPicture src={image.src} alt={image.alt} full={full} />;
        return (
          <li
            key={image.id}
            data-slot="image-grid-item"
            className={cn(
              "overflow-hidden rounded-md border border-border bg-muted",
              full ? "flex aspect-[4/3] items-center justify-center" : "aspect-square",
            )}
          >
            {image.href ? (
              <a
                href={image.href}
                target="_blank"
                rel="noopener noreferrer"
                title={openLabel}
                className="flex size-full items-center justify-center outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {img}
              </a>
            ) : (
              img
            )}
          </li>
        );
      })}
    </ul>
  );
}
