import type { z } from "zod";
import type { TokenScope } from "./constants.ts";
import type { Route, Wing, WingRouteName } from "./routes.ts";

type Produced = "application/zip" | "image/*" | "audio/*" | "text/event-stream";

/** One call of the API: its route, and what it takes and answers. */
export type Endpoint = Route & {
  tag: string;
  summary: string;
  auth: boolean;
  /**
   * The least scope an access token needs here (`scopeAllows`); without it a token is answered
   * with 403 and only a session gets in.
   */
  token?: TokenScope;
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

/** One wing's endpoints: exactly the calls `routeGroups` gives it, no more and no less. */
export type WingEndpoints<W extends Wing> = { [N in WingRouteName<W>]: Endpoint };
