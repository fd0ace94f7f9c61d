export * from "./refused-annotation";
