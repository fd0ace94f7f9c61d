export { ImportCard, type ImportCardProps } from "./import-card";
export {
  IMPORT_ACCEPT,
  type ImportCardCounts,
  type ImportCardPreview,
  type ImportCardRefusal,
  type ImportCardStatus,
  type ImportPhase,
} from "./import-status";
