export * from "./similar-panel";
