import type { Server } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
import { setTimeout as delay } from "node:timers/promises";

/** How a stopping server lets its connections go: see trackForDrain. */
export type DrainOptions = { quietMs: number; graceMs: number };

/**
 * Stopping without failing a request sent through a proxy that keeps connections alive (nginx):
 * http.Server.close() closes idle kept-alive connections at once, and a POST nginx is writing on one
 * is never sent again (502). Once draining: no new connections; a request on an open one is answered
 * with `Connection: close`; a connection is closed only after `quietMs` without a request (longer than
 * nginx keeps an idle one); after `graceMs` the rest is cut (deploy/README.md, "Restarts lose no request").
 */
export function trackForDrain(server: Server): (options: DrainOptions) => Promise<void> {
  // per open connection: requests in progress, and since when it has had none
  const open = new Map<Socket, { busy: number; idleSince: number }>();
  let draining = false;
  server.on("connection", (socket: Socket) => {
    open.set(socket, { busy: 0, idleSince: Date.now() });
    socket.once("close", () => open.delete(socket));
  });
  server.prependListener("request", (req, res) => {
    const state = open.get(req.socket as Socket);
    if (draining && !res.headersSent) res.setHeader("Connection", "close");
    if (!state) return;
    state.busy++;
    res.once("close", () => {
      state.busy--;
      state.idleSince = Date.now();
    });
  });
  return async ({ quietMs, graceMs }) => {
    draining = true;
    // net.Server's close only stops listening (http.Server's would also close the idle ones)
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    const deadline = Date.now() + graceMs;
    while (open.size > 0 && Date.now() < deadline) {
      const now = Date.now();
      for (const [socket, state] of open)
        if (state.busy === 0 && now - state.idleSince >= quietMs) socket.destroy();
      await delay(50);
    }
    for (const socket of open.keys()) socket.destroy();
    await closed;
  };
}
