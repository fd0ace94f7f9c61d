import { Button, EmptyState } from "@shinian/ui";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { relatedQuery } from "../../data/items.ts";
import { SearchHit } from "./search-hit.tsx";

/** Related ideas and notes for the right pane: a search by the item's title (or first words). */
export function RelatedItems({ id, query }: { id: string; query: string }) {
  const q = query.trim().slice(0, 20);
  const related = useQuery(relatedQuery(id, q));
  // Nothing to search by, or the search failed: the pane says there is nothing related.
  const items = !q || related.isError ? [] : (related.data ?? null);

  return (
    <div className="flex flex-col gap-4 p-6">
      <div className="flex items-center justify-between">
        <h2 className="font-semibold">相关内容</h2>
        <Button asChild size="sm" variant="secondary">
          <Link to="/chat" search={q ? { q } : {}}>
            问AI
          </Link>
        </Button>
      </div>
      {items?.length === 0 ? <EmptyState size="sm" title="暂无相关内容" /> : null}
      <ul className="flex flex-col gap-3" aria-label="相关内容">
        {(items ?? []).map((item) => (
          <li key={`${item.type}-${item.id}`}>
            <SearchHit item={item} />
          </li>
        ))}
      </ul>
    </div>
  );
}
