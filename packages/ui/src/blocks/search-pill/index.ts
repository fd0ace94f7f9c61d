export { SearchPill, type SearchPillProps, type SearchPillWidth, searchPillVariants } from "./search-pill";
export { useSearchPillShortcut } from "./use-search-pill-shortcut";
