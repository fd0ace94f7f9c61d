export { Heatmap, type HeatmapDay, type HeatmapProps, heatmapDayLabel, heatmapLevel } from "./heatmap";
