export * from "./image-drop-zone";
