export { type FeedItemHighlights, type FeedItemKind, feedKindVariants } from "./feed-item";
export {
  type IdeaAiStatus,
  IdeaListItem,
  type IdeaListItemIdea,
  type IdeaListItemProps,
  type IdeaSyncState,
} from "./idea-list-item";
