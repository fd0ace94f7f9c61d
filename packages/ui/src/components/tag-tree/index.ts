export * from "./tag-tree";
