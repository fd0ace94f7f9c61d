import type { Server } from "node:http";
import type net from "node:net";
import { afterAll, beforeAll } from "vitest";
import { listen } from "../src/server.ts";
import type { TestCtx } from "./helpers.ts";

/**
 * The suite's app on a real TCP port, for what fetch hides (raw-http.ts): opened before the
 * suite's tests, closed after them with every connection it still holds.
 */
export function listening(ctx: TestCtx): { readonly port: number } {
  let server: Server | undefined;
  beforeAll(async () => {
    server = await listen(ctx.app.fetch, 0, "127.0.0.1", ctx.config.http);
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return {
    get port() {
      return (server!.address() as net.AddressInfo).port;
    },
  };
}
