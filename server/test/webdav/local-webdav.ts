import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient, type FileStat, type WebDAVClient } from "webdav";
import { v2 as dav } from "webdav-server";

/** One PUT as the WebDAV server received it. */
export type ReceivedPut = {
  path: string;
  contentLength: string | undefined;
  transferEncoding: string | undefined;
};

export type LocalWebdav = {
  /** http://127.0.0.1:<port>/ */
  root: string;
  username: string;
  password: string;
  /** A client of the whole server, for setting up and checking what is in it. */
  client: WebDAVClient;
  puts: ReceivedPut[];
  /** Set: every PUT is answered with this status (a full disk: 507) instead of being stored. */
  refusePuts: number | null;
  /** Names of the files in a folder (`/backups/`). */
  files(folder: string): Promise<string[]>;
  stop(): Promise<void>;
};

/**
 * A real WebDAV server (webdav-server v2, in memory) on a free port, with basic authentication:
 * the stand-in for 坚果云 or Nextcloud, spoken to over HTTP as they would be.
 */
export async function startLocalWebdav(): Promise<LocalWebdav> {
  const username = "xiaotao";
  const password = "app-pass-local-1";
  const users = new dav.SimpleUserManager();
  const user = users.addUser(username, password, false);
  const privileges = new dav.SimplePathPrivilegeManager();
  privileges.setRights(user, "/", ["all"]);
  const server = new dav.WebDAVServer({
    httpAuthentication: new dav.HTTPBasicAuthentication(users, "shinian-test"),
    privilegeManager: privileges,
  });
  const puts: ReceivedPut[] = [];
  const local: Pick<LocalWebdav, "refusePuts"> = { refusePuts: null };
  server.beforeRequest((ctx, next) => {
    if (ctx.request.method === "PUT" && local.refusePuts) {
      ctx.setCode(local.refusePuts);
      ctx.exit();
      return;
    }
    if (ctx.request.method === "PUT") {
      puts.push({
        path: decodeURIComponent(ctx.requested.uri),
        contentLength: ctx.request.headers["content-length"],
        transferEncoding: ctx.request.headers["transfer-encoding"],
      });
    }
    next();
  });
  // its own start() takes port 0 for "none given" (its default, 1900): listen here on a free one
  const http = createServer((req, res) => server.executeRequest(req, res));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const root = `http://127.0.0.1:${(http.address() as AddressInfo).port}/`;
  const client = createClient(root, { username, password });
  const rest: Omit<LocalWebdav, "refusePuts"> = {
    root,
    username,
    password,
    client,
    puts,
    async files(folder) {
      const list = (await client.getDirectoryContents(folder)) as FileStat[];
      return list.map((f) => f.basename).sort();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
  return Object.assign(local, rest);
}
