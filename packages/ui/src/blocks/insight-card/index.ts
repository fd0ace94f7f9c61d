export { InsightCard, type InsightCardProps, type InsightCitation } from "./insight-card";
