import type { Server } from "node:http";
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
    hostname: "127.0.0.1",
  });
  const puts: ReceivedPut[] = [];
  server.beforeRequest((ctx, next) => {
    if (ctx.request.method === "PUT") {
      puts.push({
        path: decodeURIComponent(ctx.requested.uri),
        contentLength: ctx.request.headers["content-length"],
        transferEncoding: ctx.request.headers["transfer-encoding"],
      });
    }
    next();
  });
  const http: Server = await server.startAsync(0);
  const root = `http://127.0.0.1:${(http.address() as AddressInfo).port}/`;
  const client = createClient(root, { username, password });
  return {
    root,
    username,
    password,
    client,
    puts,
    async files(folder) {
      const list = (await client.getDirectoryContents(folder)) as FileStat[];
      return list.map((f) => f.basename).sort();
    },
    stop: () => server.stopAsync(),
  };
}
