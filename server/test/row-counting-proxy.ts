import net from "node:net";
import type pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { createApp } from "../src/app.ts";
import { createPool, type Db } from "../src/db/pool.ts";
import { createLogger } from "../src/logger.ts";
import type { TestCtx } from "./helpers.ts";

/**
 * A TCP proxy in front of PostgreSQL that counts the rows each statement returned, as the server
 * sent them: the DataRow messages before each CommandComplete (and their bytes). What a test sees here is what went
 * over the wire, whatever our code does with it.
 */
export async function rowCountingProxy(config: pg.PoolConfig & { connectionString?: string }) {
  const rowsPerStatement: number[] = [];
  const bytesPerStatement: number[] = [];
  const upstream = upstreamOf(config);
  const server = net.createServer((client) => {
    const db = net.connect(upstream);
    client.pipe(db);
    db.pipe(client);
    const count = messageCounter(rowsPerStatement, bytesPerStatement);
    db.on("data", count);
    const close = () => {
      client.destroy();
      db.destroy();
    };
    client.on("error", close).on("close", close);
    db.on("error", close).on("close", close);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(config.connectionString ?? "postgres://localhost");
  return {
    /** The pool settings that go through the proxy. */
    config: {
      host: "127.0.0.1",
      port,
      user: config.user ?? decodeURIComponent(url.username),
      database: config.database ?? url.pathname.slice(1),
    } satisfies pg.PoolConfig,
    rowsPerStatement,
    /** The DataRow bytes each statement's rows took on the wire. */
    bytesPerStatement,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function upstreamOf(config: pg.PoolConfig & { connectionString?: string }): net.NetConnectOpts {
  if (config.connectionString) {
    const url = new URL(config.connectionString);
    return { host: url.hostname, port: Number(url.port || 5432) };
  }
  const host = config.host ?? "localhost";
  const port = config.port ?? 5432;
  return host.startsWith("/") ? { path: `${host}/.s.PGSQL.${port}` } : { host, port };
}

/** Reads the server's messages (a type byte, then a 4-byte length that counts itself) as they stream. */
function messageCounter(rowsPerStatement: number[], bytesPerStatement: number[]) {
  const header = Buffer.alloc(5);
  let headerBytes = 0;
  let skip = 0; // bytes left of the current message's body
  let rows = 0;
  let bytes = 0;
  return (chunk: Buffer) => {
    let at = 0;
    while (at < chunk.length) {
      if (skip > 0) {
        const n = Math.min(skip, chunk.length - at);
        skip -= n;
        at += n;
        continue;
      }
      header[headerBytes++] = chunk[at++]!;
      if (headerBytes < 5) continue;
      headerBytes = 0;
      skip = header.readUInt32BE(1) - 4;
      if (header[0] === 0x44) {
        rows++; // 'D' DataRow
        bytes += skip;
      }
      if (header[0] === 0x43) {
        rowsPerStatement.push(rows); // 'C' CommandComplete
        bytesPerStatement.push(bytes);
        rows = 0;
        bytes = 0;
      }
    }
  };
}

/** The app over a pool whose every query goes through the proxy, opened before `ctx`'s tests and closed after. */
export function proxiedApp(ctx: TestCtx) {
  const proxied = {} as {
    proxy: Awaited<ReturnType<typeof rowCountingProxy>>;
    app: ReturnType<typeof createApp>;
  };
  let db: Db;
  beforeAll(async () => {
    proxied.proxy = await rowCountingProxy(ctx.poolConfig);
    db = createPool({ ...proxied.proxy.config, max: 4 }, createLogger("silent"));
    proxied.app = createApp({ config: ctx.config, db, logger: createLogger("silent") });
  });
  afterAll(async () => {
    await db.end();
    await proxied.proxy.close();
  });
  return proxied;
}
