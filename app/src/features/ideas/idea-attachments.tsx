import type { Attachment } from "@shinian/contract";
import { ImageGrid, VoiceNote } from "@shinian/ui";

/** A file as the server answers it, or one still queued on this device (with its name). */
export type LocalAttachment = Attachment & { name?: string };

type IdeaAttachmentsProps = {
  attachments: LocalAttachment[];
  /** The feed shows thumbnails; the idea's page the full images, each a link to itself. */
  size: "thumb" | "full";
  /** The full grid's name for screen readers. */
  label?: string;
};

/** An idea's files: its pictures as a grid, its voice notes as players. */
export function IdeaAttachments({ attachments, size, label = "想法的图片" }: IdeaAttachmentsProps) {
  const images = attachments.filter((a) => a.kind === "image");
  const recordings = attachments.filter((a) => a.kind === "audio");
  if (!images.length && !recordings.length) return null;
  return (
    <div className="flex flex-col gap-2">
      {recordings.map((a, i) => (
        <VoiceNote key={a.id} src={a.url} label={recordings.length > 1 ? `语音 ${i + 1}` : "语音"} />
      ))}
      {images.length ? (
        size === "full" ? (
          <ImageGrid
            size="full"
            label={label}
            images={images.map((a, i) => ({ id: a.id, src: a.url, href: a.url, alt: `图片 ${i + 1}` }))}
          />
        ) : (
          <ImageGrid
            images={images.map((a, i) => ({
              id: a.id,
              src: a.thumbnailUrl ?? a.url,
              alt: a.name ?? `图片 ${i + 1}`,
            }))}
          />
        )
      ) : null}
    </div>
  );
}
