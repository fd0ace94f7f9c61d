export {
  PageLoading,
  type PageLoadingFill,
  type PageLoadingProps,
  pageLoadingVariants,
} from "./page-loading";
