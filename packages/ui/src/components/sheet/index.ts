export * from "./sheet";
