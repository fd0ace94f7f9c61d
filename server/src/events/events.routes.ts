import { streamSSE } from "hono/streaming";
import type { Mount } from "../http/mount.ts";
import { eventHub } from "./hub.ts";
import { openStream } from "./open-stream.ts";

/** Last-Event-ID as we send it: a non-negative integer; anything else is as if none was sent. */
function lastEventId(header: string | undefined): number | null {
  if (!header || !/^\d{1,15}$/.test(header.trim())) return null;
  return Number(header.trim());
}

/**
 * GET /api/events: the account's changes as server-sent events, for its open devices. Bearer only
 * (a session or a read token), never a token in the URL, which would land in logs.
 */
export function eventRoutes(mount: Mount) {
  mount("liveEvents", ({ c, deps, userId }) => {
    const hub = eventHub(deps);
    const { auth } = c.var;
    const stream = hub.reserve(userId, auth.via === "session" ? auth.sessionId : auth.tokenId);
    const after = lastEventId(c.req.header("last-event-id"));
    // nginx passes /api/ unbuffered already (deploy/nginx); this keeps any other proxy from holding events
    c.header("X-Accel-Buffering", "no");
    const logger = c.var.logger;
    return streamSSE(c, (sse) => openStream({ deps, hub, stream, sse, after, logger }));
  });
}
