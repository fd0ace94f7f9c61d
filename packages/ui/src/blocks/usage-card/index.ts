export { USAGE_NEAR, UsageCard, type UsageCardProps } from "./usage-card";
