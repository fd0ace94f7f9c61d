export * from "./image-upload-chip";
