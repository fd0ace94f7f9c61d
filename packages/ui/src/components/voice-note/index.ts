export * from "./voice-note";
