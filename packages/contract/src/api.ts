import type { z } from "zod";
import { accountEndpoints } from "./endpoints/account.ts";
import { aiEndpoints } from "./endpoints/ai.ts";
import { attachmentEndpoints } from "./endpoints/attachments.ts";
import type { Endpoint } from "./endpoints/endpoint.ts";
import { importEndpoints } from "./endpoints/import.ts";
import { itemEndpoints } from "./endpoints/items.ts";
import { reviewEndpoints } from "./endpoints/review.ts";
import { systemEndpoints } from "./endpoints/system.ts";
import { tagEndpoints } from "./endpoints/tags.ts";
import { trashEndpoints } from "./endpoints/trash.ts";
import { webdavEndpoints } from "./endpoints/webdav.ts";
import type { PathParams, RouteName } from "./routes.ts";

export type { Endpoint } from "./endpoints/endpoint.ts";

/**
 * Every implemented call, by name: the server mounts its handlers from these, the app's client
 * and the server tests call by these names, and the OpenAPI document is built from them.
 */
export const endpoints = {
  ...systemEndpoints,
  ...accountEndpoints,
  ...itemEndpoints,
  ...attachmentEndpoints,
  ...aiEndpoints,
  ...trashEndpoints,
  ...reviewEndpoints,
  ...tagEndpoints,
  ...importEndpoints,
  ...webdavEndpoints,
} satisfies { [N in RouteName]: Endpoint };

export const endpointList: Endpoint[] = Object.values(endpoints);

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** What a call takes: path parameters, query and JSON body, each only where it has one. */
export type RequestOf<N extends EndpointName> = (keyof PathParams<Endpoints[N]["path"]> extends never
  ? { params?: undefined }
  : { params: PathParams<Endpoints[N]["path"]> }) &
  (Endpoints[N] extends { query: infer Q extends z.ZodType }
    ? { query?: z.input<Q> }
    : { query?: undefined }) &
  (Endpoints[N] extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: undefined });

/** The `data` a call answers in its success envelope (null when it answers data: null). */
export type ResponseOf<N extends EndpointName> = Endpoints[N] extends { data: infer D extends z.ZodType }
  ? z.output<D>
  : null;

/** A text/event-stream call's events: `{ name: payload }`. */
export type StreamEventsOf<N extends EndpointName> = Endpoints[N] extends {
  events: infer E extends Record<string, z.ZodType>;
}
  ? { [K in keyof E]: z.output<E[K]> }
  : never;
