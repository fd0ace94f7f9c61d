import type { TestWebdavRequest, UpdateWebdavRequest } from "@shinian/contract";
import type { WebdavFormValues } from "@shinian/ui";
import { queryOptions } from "@tanstack/react-query";
import { call } from "../../api/client.ts";

export const webdavKey = ["profile", "webdav"] as const;

/** While an upload runs (or was just asked for), its outcome is read every few seconds. */
export const WATCH_EVERY_MS = 2000;

export const webdavQuery = queryOptions({ queryKey: webdavKey, queryFn: () => call("getWebdav") });

/** The form as a request: an empty password keeps the saved one. */
const connection = (v: WebdavFormValues) => ({
  url: v.url.trim(),
  username: v.username.trim(),
  ...(v.password ? { password: v.password } : {}),
});

/** The account password only where the card asked for it (a new target, a paused backup). */
export const saveWebdav = (v: WebdavFormValues) =>
  call("updateWebdav", {
    body: {
      ...connection(v),
      frequency: v.frequency,
      keep: v.keep,
      ...(v.accountPassword ? { accountPassword: v.accountPassword } : {}),
    } satisfies UpdateWebdavRequest,
  });

export const testWebdav = (v: WebdavFormValues) =>
  call("testWebdav", { body: connection(v) satisfies TestWebdavRequest });

export const runWebdav = () => call("runWebdav");
export const removeWebdav = () => call("deleteWebdav");
