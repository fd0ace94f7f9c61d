export * from "./tag-cleanup";
