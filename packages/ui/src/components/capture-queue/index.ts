export * from "./capture-queue";
