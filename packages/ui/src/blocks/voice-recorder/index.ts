export * from "./voice-recorder";
export * from "./voice-recorder-problem";
