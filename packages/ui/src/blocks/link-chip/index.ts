export {
  LinkChip,
  type LinkChipProps,
  type LinkChipState,
  LinkedText,
  type LinkedTextProps,
} from "./link-chip";
export { ItemLinksContext, type RenderLinks, type RenderRun, useLinkedText } from "./links-context";
