type Navigate = (to: { pathname: string; redirect: string }) => void;

let navigate: Navigate = ({ pathname, redirect }) => {
  window.location.assign(`${pathname}?redirect=${encodeURIComponent(redirect)}`);
};

/** The router registers its own navigation so a 401 keeps the SPA (and its drafts in memory). */
export function setUnauthorizedNavigator(next: Navigate) {
  navigate = next;
}

/** Sends the browser to /login remembering the current path, unless it is already there. */
export function redirectToLogin() {
  if (typeof window === "undefined") return;
  const { pathname, search, hash } = window.location;
  if (pathname === "/login") return;
  navigate({ pathname: "/login", redirect: `${pathname}${search}${hash}` });
}
