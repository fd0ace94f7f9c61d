import type { LoadedItem } from "../../data/items.ts";
import { SideChat } from "../chat/side-chat.tsx";
import { RelatedItems } from "./related-items.tsx";

/**
 * The right pane: 相关内容 above, held to 40% of the pane (it scrolls within), and the AI side
 * chat filling the rest, so the chat is on screen at once however many related items there are.
 */
export function ItemSidePane({ loaded, offline }: { loaded: LoadedItem; offline: boolean }) {
  const { kind, item } = loaded;
  return (
    <fieldset disabled={offline} className="flex h-full min-h-[560px] min-w-0 flex-col">
      <div data-slot="item-related" className="max-h-[40%] shrink-0 overflow-y-auto overscroll-contain">
        <RelatedItems
          kind={kind}
          id={item.id}
          version={item.updatedAt}
          askText={item.title || (loaded.kind === "idea" ? loaded.item.originalContent : "")}
        />
      </div>
      <div className="min-h-[320px] flex-1 border-border border-t bg-background">
        <SideChat
          key={item.id}
          type={kind}
          id={item.id}
          aiExcluded={loaded.kind === "idea" && loaded.item.aiExcluded}
        />
      </div>
    </fieldset>
  );
}
