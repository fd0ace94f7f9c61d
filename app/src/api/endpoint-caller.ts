import type { EndpointName, RequestOf, ResponseOf } from "@shinian/contract";
import { firstRoutes } from "@shinian/contract/first-routes";
import { fillPath, type Route } from "@shinian/contract/route-path";
import type { RouteName } from "@shinian/contract/routes";
import { ApiError, NETWORK_ERROR_MESSAGE } from "./api-error.ts";
import type { ApiClient, RequestOptions } from "./create-client.ts";

type CallOptions = Pick<RequestOptions, "signal" | "timeoutMs" | "headers">;
type CallRequest<N extends EndpointName> = RequestOf<N> & CallOptions;
/** The request may be left out only when the call needs neither path parameters nor a body. */
type CallArgs<N extends EndpointName> =
  Record<never, never> extends RequestOf<N> ? [request?: CallRequest<N>] : [request: CallRequest<N>];

/** A route's path relative to the client's base (`/api`), with its parameters filled in. */
export const clientPath = (path: string, params?: Record<string, string>) =>
  fillPath(path, params).replace(/^\/api/, "");

let wholeTable: Promise<Record<string, Route>> | undefined;

/**
 * A call's route: the first screens' from the small table they load, any other from the whole
 * table, fetched on its first use. A table that cannot be fetched is a call without an answer
 * (status 0), which every caller already treats as offline, never as a refusal.
 */
export async function routeOf(name: RouteName): Promise<Route> {
  const first = (firstRoutes as Record<string, Route>)[name];
  if (first) return first;
  wholeTable ??= import("@shinian/contract/routes").then((m) => m.routes);
  try {
    return (await wholeTable)[name] as Route;
  } catch {
    wholeTable = undefined;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
}

/**
 * Calls the API by the contract's endpoint names: the path, method, request and answer types all
 * come from `@shinian/contract`. Only the zod-free route tables are loaded at run time; the
 * schemas are types here, so they stay out of the first screen's bundle.
 */
export function createEndpointCaller(client: ApiClient) {
  const prepare = async <N extends EndpointName>(name: N, request: CallRequest<N> = {} as CallRequest<N>) => {
    const route = await routeOf(name as RouteName);
    const path = clientPath(route.path, request.params);
    const options: RequestOptions = {
      json: request.body,
      searchParams: request.query as RequestOptions["searchParams"],
      signal: request.signal,
      timeoutMs: request.timeoutMs,
      headers: request.headers,
    };
    return { method: route.method, path, options };
  };

  return {
    /** The `data` of the success envelope. */
    async call<N extends EndpointName>(name: N, ...[request]: CallArgs<N>): Promise<ResponseOf<N>> {
      const { method, path, options } = await prepare(name, request);
      return client[method]<ResponseOf<N>>(path, options);
    },
    /** The whole envelope, for the calls read from all of it (the export permission). */
    async envelope<N extends EndpointName>(
      name: N,
      ...[request]: CallArgs<N>
    ): Promise<{ success: boolean; message?: string; data?: ResponseOf<N> | null }> {
      const { method, path, options } = await prepare(name, request);
      return client.body(method, path, options);
    },
    /** The raw Response, for a file or a stream. */
    async response<N extends EndpointName>(name: N, ...[request]: CallArgs<N>): Promise<Response> {
      const { method, path, options } = await prepare(name, request);
      return client.response(method, path, options);
    },
  };
}
