import type { SearchItem } from "@shinian/contract";
import { type FeedItemHighlights, IdeaListItem, NoteListItem } from "@shinian/ui";
import { useNavigate } from "@tanstack/react-router";

/** One search hit (or related item), idea or note, as a list item that opens its detail screen; 按意思 when no word matched. */
export function SearchHit({
  item,
  highlights,
}: {
  item: Pick<SearchItem, "type" | "id" | "title" | "snippet" | "createdAt"> &
    Partial<Pick<SearchItem, "matchedBy">>;
  highlights?: FeedItemHighlights;
}) {
  const navigate = useNavigate();
  const byMeaning = item.matchedBy === "meaning";
  const entry = {
    id: item.id,
    title: item.title,
    snippet: item.snippet,
    tags: [],
    createdAt: item.createdAt,
  };
  if (item.type === "idea") {
    const open = () => void navigate({ to: "/ideas/$id", params: { id: item.id } });
    return <IdeaListItem idea={entry} highlights={highlights} foundByMeaning={byMeaning} onOpen={open} />;
  }
  const open = () => void navigate({ to: "/notes/$id", params: { id: item.id } });
  return <NoteListItem note={entry} highlights={highlights} foundByMeaning={byMeaning} onOpen={open} />;
}
