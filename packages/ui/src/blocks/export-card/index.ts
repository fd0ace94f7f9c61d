export { ExportCard, type ExportCardProps, exportCardTitles, exportCardVariants } from "./export-card";
