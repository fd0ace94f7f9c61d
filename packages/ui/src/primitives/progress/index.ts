export {
  Progress,
  type ProgressProps,
  type ProgressSize,
  type ProgressTone,
  progressIndicatorVariants,
  progressVariants,
} from "./progress";
