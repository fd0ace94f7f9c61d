import type { EndpointName, RequestOf, ResponseOf } from "@shinian/contract";
import { fillPath, type RouteName, routes } from "@shinian/contract/routes";
import type { ApiClient, RequestOptions } from "./create-client.ts";

type CallOptions = Pick<RequestOptions, "signal" | "timeoutMs" | "headers">;
type CallRequest<N extends EndpointName> = RequestOf<N> & CallOptions;
/** The request may be left out only when the call needs neither path parameters nor a body. */
type CallArgs<N extends EndpointName> =
  Record<never, never> extends RequestOf<N> ? [request?: CallRequest<N>] : [request: CallRequest<N>];

/** A route's path relative to the client's base (`/api`), with its parameters filled in. */
export const clientPath = (path: string, params?: Record<string, string>) =>
  fillPath(path, params).replace(/^\/api/, "");

/**
 * Calls the API by the contract's endpoint names: the path, method, request and answer types all
 * come from `@shinian/contract`. Only the zod-free route table is loaded at run time; the
 * schemas are types here, so they stay out of the first screen's bundle.
 */
export function createEndpointCaller(client: ApiClient) {
  const prepare = <N extends EndpointName>(name: N, request: CallRequest<N> = {} as CallRequest<N>) => {
    const route = routes[name as RouteName];
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
    call<N extends EndpointName>(name: N, ...[request]: CallArgs<N>): Promise<ResponseOf<N>> {
      const { method, path, options } = prepare(name, request);
      return client[method]<ResponseOf<N>>(path, options);
    },
    /** The whole envelope, for the calls read from all of it (the export permission). */
    envelope<N extends EndpointName>(
      name: N,
      ...[request]: CallArgs<N>
    ): Promise<{ success: boolean; message?: string; data?: ResponseOf<N> | null }> {
      const { method, path, options } = prepare(name, request);
      return client.body(method, path, options);
    },
    /** The raw Response, for a file or a stream. */
    response<N extends EndpointName>(name: N, ...[request]: CallArgs<N>): Promise<Response> {
      const { method, path, options } = prepare(name, request);
      return client.response(method, path, options);
    },
  };
}
