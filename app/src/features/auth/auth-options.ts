import type { AuthOptions } from "@shinian/contract";
import * as React from "react";
import { fetchAuthOptions } from "../../api/auth.ts";

/**
 * The site's sign-up mode and whom to ask for a forgotten password (GET /api/auth/options):
 * asked once per page, when the login screen first shows. Null until answered, and after a
 * failure (then the next screen to show asks again); the register form then shows as for an
 * open site, and the server's answer to a registration says the rest.
 */
let options: AuthOptions | null = null;
let asking = false;
const listeners = new Set<() => void>();

function ask() {
  if (options || asking) return;
  asking = true;
  fetchAuthOptions().then(
    (answer) => {
      options = answer;
      for (const listener of listeners) listener();
    },
    () => {
      asking = false;
    },
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  ask();
  return () => listeners.delete(listener);
}

export function useAuthOptions(): AuthOptions | null {
  return React.useSyncExternalStore(
    subscribe,
    () => options,
    () => null,
  );
}

/** 忘记密码？请联系本站管理员, with the operator's contact (ADMIN_CONTACT) when there is one. */
export const askTheAdmin = (prefix: string, o: AuthOptions | null) =>
  `${prefix}请联系本站管理员${o?.adminContact ? `：${o.adminContact}` : ""}`;
