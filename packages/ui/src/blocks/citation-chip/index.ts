export {
  CitationChip,
  type CitationChipProps,
  type CitationType,
  citationChipVariants,
} from "./citation-chip";
