export * from "./tag-rename-dialog";
