// A module of its own so that 首页 loads the rename dialog only when a rename starts (a dynamic
// import of "@shinian/ui" itself would make a chunk of every part of the design system).
export { TagRenameDialog as default } from "@shinian/ui";
