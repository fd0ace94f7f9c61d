export { EmptyState, type EmptyStateProps, type EmptyStateSize, emptyStateVariants } from "./empty-state";
