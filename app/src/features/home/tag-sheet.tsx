import { Sheet } from "@shinian/ui";
import TagPanel, { type TagPanelProps } from "./tag-panel.tsx";

/** On a phone the tags open in a sheet from the left; choosing one closes it. */
export default function TagSheet({
  onOpenChange,
  ...panel
}: TagPanelProps & { onOpenChange: (open: boolean) => void }) {
  return (
    <Sheet open onOpenChange={onOpenChange} title="标签">
      <TagPanel
        {...panel}
        className="p-2"
        onSelect={(tag) => {
          panel.onSelect(tag);
          onOpenChange(false);
        }}
      />
    </Sheet>
  );
}
