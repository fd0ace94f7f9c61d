import * as React from "react";

/**
 * Files pasted or dropped onto a box. `take` gets them and answers whether it took any (then the
 * browser's own paste or drop is prevented); `dragging` is true while files are held over the box.
 */
export function useFileDrop(take: (files: FileList | null | undefined) => boolean) {
  const [dragging, setDragging] = React.useState(false);
  const handlers: React.ComponentProps<"div"> = {
    onPaste: (e) => {
      if (take(e.clipboardData?.files)) e.preventDefault();
    },
    onDragOver: (e) => {
      if (!e.dataTransfer.types.includes("Files")) return;
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: (e) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (e) => {
      setDragging(false);
      if (e.dataTransfer.files.length) e.preventDefault();
      take(e.dataTransfer.files);
    },
  };
  return { dragging, handlers };
}
