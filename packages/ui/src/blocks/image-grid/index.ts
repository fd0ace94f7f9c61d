export * from "./image-grid";
export * from "./unshown-image";
