export {
  LinkChip,
  type LinkChipProps,
  type LinkChipState,
  LinkedText,
  type LinkedTextProps,
} from "./link-chip";
export { ItemLinksContext, useLinkedText } from "./links-context";
