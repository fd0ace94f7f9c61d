import { BacklinkList } from "@shinian/ui";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { backlinksQuery } from "../../data/links.ts";
import { formatDateTime } from "../../lib/format-date-time.ts";

const hrefOf = (item: { type: "idea" | "note"; id: string }) =>
  item.type === "idea" ? `/ideas/${item.id}` : `/notes/${item.id}`;

/** 被引用 under an idea or a note: the ideas and notes that link to it, with their count. */
export default function ItemBacklinks({ type, id }: { type: "idea" | "note"; id: string }) {
  const navigate = useNavigate();
  const backlinks = useQuery(backlinksQuery(type, id));
  // nothing to say while it loads or when it could not be read (offline): the item reads the same
  if (!backlinks.data) return null;
  return (
    <BacklinkList
      className="mt-6"
      items={backlinks.data.items}
      total={backlinks.data.total}
      href={hrefOf}
      formatTime={(iso) => formatDateTime(iso).slice(0, 10)}
      onNavigate={(event, item) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void navigate({ to: hrefOf(item) });
      }}
    />
  );
}
