export { IdeaComposer, type IdeaComposerProps } from "./idea-composer";
