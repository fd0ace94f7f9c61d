export { type IdeaVersion, ideaVersionCardVariants } from "./idea-version-card";
export { IdeaVersionHistory, type IdeaVersionHistoryProps } from "./idea-version-history";
