export { ReviewCard, type ReviewCardItem, type ReviewCardProps } from "./review-card";
export { ReviewEmptyState, type ReviewEmptyStateProps } from "./review-empty-state";
export { ReviewProgress, type ReviewProgressProps } from "./review-progress";
