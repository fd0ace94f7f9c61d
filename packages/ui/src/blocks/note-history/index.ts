export * from "./note-diff";
export * from "./note-history";
