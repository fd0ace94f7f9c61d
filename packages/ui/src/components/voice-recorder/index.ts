export * from "./voice-recorder";
