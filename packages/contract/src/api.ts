import type { z } from "zod";
import { accountEndpoints } from "./accounts/endpoints.ts";
import { aiEndpoints } from "./ai/endpoints.ts";
import { attachmentEndpoints } from "./attachments/endpoints.ts";
import type { Endpoint } from "./endpoint.ts";
import { eventEndpoints } from "./events/endpoints.ts";
import { exportEndpoints } from "./export/endpoints.ts";
import { importEndpoints } from "./import/endpoints.ts";
import { insightEndpoints } from "./insights/endpoints.ts";
import { itemEndpoints } from "./items/endpoints.ts";
import { linkEndpoints } from "./links/endpoints.ts";
import { messagingEndpoints } from "./messaging/endpoints.ts";
import { pointsEndpoints } from "./points/endpoints.ts";
import { pushEndpoints } from "./push/endpoints.ts";
import { reviewEndpoints } from "./review/endpoints.ts";
import type { PathParams, RouteName } from "./routes.ts";
import { searchEndpoints } from "./search/endpoints.ts";
import { statsEndpoints } from "./stats/endpoints.ts";
import { systemEndpoints } from "./system/endpoints.ts";
import { webdavEndpoints } from "./webdav/endpoints.ts";
import { webhookEndpoints } from "./webhooks/endpoints.ts";

export type { Endpoint, WingEndpoints } from "./endpoint.ts";

/**
 * Every implemented call, by name: the server mounts its handlers from these, the app's client
 * and the server tests call by these names, and the OpenAPI document is built from them. Each
 * wing's come from its `<wing>/endpoints.ts`, in `routeGroups`' order.
 */
export const endpoints = {
  ...systemEndpoints,
  ...itemEndpoints,
  ...searchEndpoints,
  ...reviewEndpoints,
  ...linkEndpoints,
  ...statsEndpoints,
  ...insightEndpoints,
  ...aiEndpoints,
  ...accountEndpoints,
  ...pointsEndpoints,
  ...attachmentEndpoints,
  ...exportEndpoints,
  ...importEndpoints,
  ...webdavEndpoints,
  ...webhookEndpoints,
  ...pushEndpoints,
  ...messagingEndpoints,
  ...eventEndpoints,
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
