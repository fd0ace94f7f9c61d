import type { Attachment } from "@shinian/contract";
import { ImageGrid } from "@shinian/ui";
import { fetchIdea, fetchNote } from "../../api/items.ts";
import { RecordingPlayer } from "./recording-player.tsx";

/** A file as the server answers it, or one still queued on this device (with its name). */
export type LocalAttachment = Attachment & { name?: string };

type IdeaAttachmentsProps = {
  attachments: LocalAttachment[];
  /** The feed shows thumbnails; the idea's page the full images, each a link to itself. */
  size: "thumb" | "full";
  /** The full grid's name for screen readers. */
  label?: string;
  /** The item they are on: a voice note whose signed URL expired gets a fresh one from it. */
  item?: { type: "idea" | "note"; id: string };
};

/** An idea's files: its pictures as a grid, its voice notes as players. */
export function IdeaAttachments({ attachments, size, label = "想法的图片", item }: IdeaAttachmentsProps) {
  const images = attachments.filter((a) => a.kind === "image");
  const recordings = attachments.filter((a) => a.kind === "audio");
  if (!images.length && !recordings.length) return null;
  return (
    <div className="flex flex-col gap-2">
      {recordings.map((a, i) => (
        <RecordingPlayer
          key={a.id}
          recording={a}
          label={recordings.length > 1 ? `语音 ${i + 1}` : "语音"}
          refresh={item ? () => refetched(item) : undefined}
        />
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

const refetched = async (item: { type: "idea" | "note"; id: string }) =>
  (item.type === "idea" ? await fetchIdea(item.id) : await fetchNote(item.id)).attachments;
