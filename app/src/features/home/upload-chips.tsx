import { ImageUploadChip, type ImageUploadState } from "@shinian/ui";

type PictureUpload = {
  key: string;
  name: string;
  preview: string;
  state: ImageUploadState;
  progress: number;
  error?: string;
};

/** The chips of the pictures being added (the composer's, a note's), or nothing when there are none. */
export function uploadChips(uploads: PictureUpload[], remove: (key: string) => void) {
  return uploads.length
    ? uploads.map((u) => (
        <ImageUploadChip
          key={u.key}
          src={u.preview}
          alt={u.name}
          state={u.state}
          progress={u.progress}
          error={u.error}
          onRemove={() => remove(u.key)}
        />
      ))
    : null;
}
