export * from "./annotation-thread";
