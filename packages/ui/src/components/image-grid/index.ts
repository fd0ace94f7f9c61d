export * from "./image-grid";
