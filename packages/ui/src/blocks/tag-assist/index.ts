export {
  TagAssist,
  type TagAssistProps,
  type TagMark,
  type TagQuery,
  type TagSuggestion,
} from "./tag-assist";
