import type { SearchItem } from "@shinian/contract";
import { Button, EmptyState } from "@shinian/ui";
import { Link } from "@tanstack/react-router";
import * as React from "react";
import { search } from "../../api/items.ts";
import { SearchHit } from "./search-hit.tsx";

/** Related ideas and notes for the right pane: a search by the item's title (or first words). */
export function RelatedItems({ id, query }: { id: string; query: string }) {
  const [items, setItems] = React.useState<SearchItem[] | null>(null);
  const q = query.trim().slice(0, 20);

  React.useEffect(() => {
    let live = true;
    if (!q) {
      setItems([]);
      return;
    }
    search(q).then(
      (r) => live && setItems(r.items.filter((item) => item.id !== id).slice(0, 5)),
      () => live && setItems([]),
    );
    return () => {
      live = false;
    };
  }, [id, q]);

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
