import { resolveConfig } from "./app-config.ts";

export * from "./app-config.ts";
export const appConfig = resolveConfig(import.meta.env);
