import {
  type Endpoint,
  type EndpointName,
  type Endpoints,
  endpoints,
  type PathParams,
  type ResponseOf,
  type TokenScope,
} from "@shinian/contract";
import type { Context, Hono, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import type { AppDeps, AppEnv } from "../context.ts";
import type { Config } from "../env.ts";
import { limitBody, PUBLIC_BODY_LIMIT, SIGNED_IN_BODY_LIMIT } from "./body-limit.ts";
import { idParam, jsonBody, parseWith } from "./validate.ts";

/** What a handler is given, already validated: path parameters, query and JSON body. */
export type EndpointInput<E extends Endpoint> = {
  params: PathParams<E["path"]>;
  query: E extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
  body: E extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
};

/**
 * What a handler answers: the `data` of the success envelope, in the contract's shape (checked
 * when it compiles), with an optional message and status; or, for a call that produces a file or
 * a stream, the Response itself.
 */
export type EndpointAnswer<N extends EndpointName> = Endpoints[N] extends {
  produces: string | readonly string[];
}
  ? Response
  : { data: ResponseOf<N>; message?: string; status?: ContentfulStatusCode };

/** Who is asking, on an endpoint that needs a caller (set by the guard). */
export type Caller = AppEnv["Variables"]["auth"];

/**
 * What a handler is handed: the request context, the app's dependencies, the validated input,
 * and on a signed-in endpoint the caller and its user id.
 */
export type HandlerArgs<E extends Endpoint> = EndpointInput<E> & {
  c: Context<AppEnv>;
  deps: AppDeps;
} & (E extends {
    auth: true;
  }
    ? { userId: string; auth: Caller }
    : { userId?: undefined });

export type EndpointHandler<N extends EndpointName> = (
  args: HandlerArgs<Endpoints[N]>,
) => Promise<EndpointAnswer<N>> | EndpointAnswer<N>;

/** `/api/ideas/{id}` → `/api/ideas/:id` */
const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/** Path ids are uuids: one that is not even a uuid cannot be the caller's, so 404 like any other. */
const isIdName = (name: string) => name === "id" || name.endsWith("Id");

function paramsOf(c: Context<AppEnv>, path: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
    params[name!] = isIdName(name!) ? idParam(c, name) : c.req.param(name!)!;
  }
  return params;
}

/** `bodyLimit`: an upload's own bound (from the config) instead of the signed-in default. */
export type MountOptions = { bodyLimit?: (config: Config) => number };

/** The guard of a signed-in endpoint; `tokenScope` where the contract lets an access token in. */
export type Guard = (opts: { tokenScope: TokenScope | undefined }) => MiddlewareHandler<AppEnv>;

/** Mounts one contract endpoint; each wing's routes receive one and mount their endpoints with it. */
export type Mount = <N extends EndpointName>(
  name: N,
  handler: EndpointHandler<N>,
  options?: MountOptions,
) => void;

/**
 * A `Mount` onto the app: each endpoint gets its method and path, its guard (a session, or also a
 * access token where the contract allows its scope), its body and query validated against the
 * contract's schemas, and its answer wrapped in the success envelope with the contract's status.
 * The guard is given by app.ts, so this kernel knows no wing.
 */
export function mounter(app: Hono<AppEnv>, guard: Guard): Mount {
  return (name, handler, options = {}) => {
    const endpoint: Endpoint = endpoints[name];
    const method = endpoint.method.toUpperCase();
    const path = honoPath(endpoint.path);
    // The guard runs first: a stranger learns nothing, not even that the body or id was wrong, and
    // no body is read before the caller is known. Unauthenticated calls get a small body bound.
    if (endpoint.auth) app.on(method, path, guard({ tokenScope: endpoint.token }));
    if (endpoint.body || endpoint.upload) {
      const { bodyLimit } = options;
      const bound = endpoint.auth ? SIGNED_IN_BODY_LIMIT : PUBLIC_BODY_LIMIT;
      app.on(method, path, limitBody(bodyLimit ? (c) => bodyLimit(c.var.deps.config) : () => bound));
    }
    app.on(method, path, async (c) => {
      const args = {
        c,
        deps: c.var.deps,
        ...(endpoint.auth ? { userId: c.var.auth.userId, auth: c.var.auth } : {}),
        params: paramsOf(c, endpoint.path),
        query: endpoint.query ? parseWith(endpoint.query, c.req.query()) : undefined,
        body: endpoint.body ? await jsonBody(c, endpoint.body) : undefined,
      } as unknown as HandlerArgs<Endpoints[typeof name]>;
      const answer: Response | { data: unknown; message?: string; status?: ContentfulStatusCode } =
        await handler(args);
      if (answer instanceof Response) return answer;
      const status = answer.status ?? ((endpoint.status ?? 200) as ContentfulStatusCode);
      const envelope =
        answer.message === undefined
          ? { success: true, data: answer.data }
          : { success: true, message: answer.message, data: answer.data };
      return c.json(envelope, status);
    });
  };
}
