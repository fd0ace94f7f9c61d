import type { SearchItem } from "@shinian/contract";
import { type FeedItemHighlights, IdeaListItem, NoteListItem } from "@shinian/ui";
import { useNavigate } from "@tanstack/react-router";

/** One search hit (or related item), idea or note, as a list item that opens its detail screen. */
export function SearchHit({
  item,
  highlights,
}: {
  item: Pick<SearchItem, "type" | "id" | "title" | "snippet" | "createdAt">;
  highlights?: FeedItemHighlights;
}) {
  const navigate = useNavigate();
  const entry = {
    id: item.id,
    title: item.title,
    snippet: item.snippet,
    tags: [],
    createdAt: item.createdAt,
  };
  if (item.type === "idea") {
    const open = () => void navigate({ to: "/ideas/$id", params: { id: item.id } });
    return <IdeaListItem idea={entry} highlights={highlights} onOpen={open} />;
  }
  const open = () => void navigate({ to: "/notes/$id", params: { id: item.id } });
  return <NoteListItem note={entry} highlights={highlights} onOpen={open} />;
}
