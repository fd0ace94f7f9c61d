import type { LinkRef } from "@shinian/contract";
import { splitLinks } from "@shinian/contract/links";
import { LinkChip, LinkedText, type RenderRun } from "@shinian/ui";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { linkTargetQuery } from "../../data/links.ts";
import { queryClient } from "../../data/query-client.ts";

const hrefOf = (ref: LinkRef) => (ref.type === "idea" ? `/ideas/${ref.id}` : `/notes/${ref.id}`);

/** One link's chip: the target's current title, or 回收站中 (it leads to 回收站), or 已删除. */
function ResolvedChip({ link }: { link: LinkRef }) {
  const navigate = useNavigate();
  const target = useQuery(linkTargetQuery(link));
  const state = target.data?.state ?? (target.isError ? "deleted" : "loading");
  const href = state === "trash" ? "/trash" : hrefOf(link);
  return (
    <LinkChip
      type={link.type}
      title={target.data?.title ?? ""}
      state={target.isError && !target.data ? "loading" : state}
      href={href}
      onNavigate={(event) => {
        // a card's own open button lies under the chip: the chip's link is the one followed
        event.stopPropagation();
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void navigate({ to: href });
      }}
    />
  );
}

/**
 * A text's `[[idea:…]]` / `[[note:…]]` as chips: loaded with the first text that has one. 首页 is
 * outside the query cache's layout (its code stays off the first screen): the chips bring it.
 */
export default function AppLinkedText({
  text,
  renderRun,
}: {
  text: string;
  renderRun?: RenderRun | undefined;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <LinkedText
        text={text}
        split={splitLinks}
        renderLink={(link) => <ResolvedChip link={link} />}
        renderText={renderRun}
      />
    </QueryClientProvider>
  );
}
