export { type IdeaVersion, ideaVersionCardVariants } from "./idea-version-card";
export { IdeaVersions, type IdeaVersionsProps } from "./idea-versions";
