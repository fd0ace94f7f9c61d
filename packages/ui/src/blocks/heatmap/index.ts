export { Heatmap, type HeatmapDay, type HeatmapProps, heatmapDayLabel, heatmapLevels } from "./heatmap";
