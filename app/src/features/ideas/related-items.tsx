import { Button, EmptyState, Spinner } from "@shinian/ui";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ItemKind, relatedQuery } from "../../data/items.ts";
import { SearchHit } from "./search-hit.tsx";

/**
 * 相关内容 in the right pane (on phones and tablets, its 相关与AI tab): the person's other items
 * that share this one's telling words, each with the words it shares.
 */
export function RelatedItems({
  kind,
  id,
  version,
  askText,
}: {
  kind: ItemKind;
  id: string;
  /** The item's updatedAt: a save asks again. */
  version: string;
  askText: string;
}) {
  const related = useQuery({ ...relatedQuery(kind, id, version), placeholderData: (previous) => previous });
  const q = askText.trim().slice(0, 20);
  // The read failed: the pane says there is nothing related rather than an error beside the chat.
  const items = related.isError ? [] : (related.data ?? null);

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
      {items === null ? <Spinner size="sm" label="正在查找相关内容" /> : null}
      {items?.length === 0 ? <EmptyState size="sm" title="暂无相关内容" /> : null}
      <ul className="flex flex-col gap-3" aria-label="相关内容">
        {(items ?? []).map((item) => (
          <li key={`${item.type}-${item.id}`} className="flex flex-col gap-1">
            <SearchHit item={item} highlights={{ terms: item.sharedWords }} />
            {item.sharedWords.length ? (
              <p className="px-1 text-muted-foreground text-xs">共同的词：{item.sharedWords.join("、")}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
