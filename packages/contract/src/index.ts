import { z } from "zod";

// Every validation message the app and the server show is Chinese: zod's own messages too.
z.config(z.locales.zhCN());

export * from "./ai.ts";
export * from "./api.ts";
export * from "./attachment-refs.ts";
export * from "./attachments.ts";
export * from "./auth.ts";
export * from "./capture-tokens.ts";
export * from "./common.ts";
export * from "./constants.ts";
export * from "./envelope.ts";
export * from "./export.ts";
export * from "./health.ts";
export * from "./import.ts";
export * from "./items.ts";
export * from "./points.ts";
export * from "./profile.ts";
export * from "./review.ts";
export * from "./routes.ts";
export * from "./tag-schemas.ts";
export * from "./tags.ts";
export * from "./trash.ts";
export * from "./webdav.ts";
