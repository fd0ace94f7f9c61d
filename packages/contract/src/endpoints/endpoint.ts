import type { z } from "zod";
import type { Route } from "../routes.ts";

type Produced = "application/zip" | "image/*" | "audio/*" | "text/event-stream";

/** One call of the API: its route, and what it takes and answers. */
export type Endpoint = Route & {
  tag: string;
  summary: string;
  auth: boolean;
  /** Also accepts a capture token (Bearer sn_cap_…); every other endpoint answers one with 403. */
  captureToken?: true;
  body?: z.ZodType;
  /** multipart upload with a single `file` field */
  upload?: boolean;
  query?: z.ZodType;
  /** `data` of the success envelope; null for endpoints answering data: null */
  data?: z.ZodType | null;
  /** non-JSON answers (one type, or the types a file may have) */
  produces?: Produced | readonly Produced[];
  /** The events of a text/event-stream answer, by name. */
  events?: Record<string, z.ZodType>;
  status?: number;
  errors?: number[];
};
