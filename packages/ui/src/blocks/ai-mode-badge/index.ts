export { type AiMode, AiModeBadge, type AiModeBadgeProps, aiModeBadgeVariants } from "./ai-mode-badge";
