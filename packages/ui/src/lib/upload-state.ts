import { cva, type VariantProps } from "class-variance-authority";

/** The border that says where an attachment's upload stands: an image chip's and a voice note's. */
export const uploadStateVariants = cva("border", {
  variants: {
    state: {
      uploading: "border-border",
      done: "border-border",
      error: "border-error",
      queued: "border-warning",
    },
  },
  defaultVariants: { state: "done" },
});

export type UploadState = NonNullable<VariantProps<typeof uploadStateVariants>["state"]>;
