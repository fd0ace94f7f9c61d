export * from "./queued-annotations";
