import type { Server } from "node:http";
import type { Socket } from "node:net";
import { normalizeAddress, throttleKeyOf } from "./client-address.ts";
import { rawErrorAnswer } from "./client-error.ts";

const REFUSED_LINGER_MS = 500;
// Made once: a refusal should cost as little as possible, an attacker may cause thousands a minute.
const REFUSED_ANSWER = Buffer.from(
  rawErrorAnswer("RATE_LIMITED", "来自你的网络的连接过多，请稍后再试", { "Retry-After": "5" }),
);

/**
 * Who a connection counts against: the throttles' key of the socket's address (an IPv4 address
 * as it is, an IPv6 client by its /64 — a subscriber picks any address in it at will; an
 * IPv4-mapped address as the IPv4 one).
 */
export function addressKey(address: string | undefined): string {
  const normalized = normalizeAddress(address ?? "");
  return normalized ? throttleKeyOf(normalized) : "unknown";
}

/** A refused connection gets a 429 in the API's envelope; its input is dropped until it closes. */
function refuse(socket: Socket) {
  socket.on("error", () => socket.destroy());
  socket.end(REFUSED_ANSWER);
  socket.resume();
  // Closing while the client's request is still arriving would reset the connection and could
  // lose the answer: keep reading (and dropping) a little while, like a lingering close.
  const timer = setTimeout(() => socket.destroy(), REFUSED_LINGER_MS);
  socket.once("close", () => clearTimeout(timer));
  socket.once("end", () => socket.destroy());
}

/**
 * Caps the connections one client address holds open at once. Node's HTTP server sets a
 * connection up in its own 'connection' listener; it is taken out and called only for connections
 * within the cap, so a refused one never reaches the HTTP parser or the app.
 */
export function capConnectionsPerAddress(server: Server, maxPerAddress: number): void {
  if (maxPerAddress <= 0) return;
  const open = new Map<string, number>();
  const httpListeners = server.listeners("connection") as ((socket: Socket) => void)[];
  server.removeAllListeners("connection");
  server.on("connection", (socket: Socket) => {
    const key = addressKey(socket.remoteAddress);
    const count = open.get(key) ?? 0;
    if (count >= maxPerAddress) {
      refuse(socket);
      return;
    }
    open.set(key, count + 1);
    socket.once("close", () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
    for (const listener of httpListeners) listener.call(server, socket);
  });
}
