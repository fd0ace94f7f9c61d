// Runs from every page's head, before the first paint (a module script would run after it).
(() => {
  // 1. <html data-theme> from the choice kept on this device (/profile → 外观), or from the
  // system's setting. The app asks it to re-read the choice with a "shinian-theme" event, so this
  // logic lives in one place.
  const system = matchMedia("(prefers-color-scheme: dark)");
  const apply = () => {
    let choice = "system";
    try {
      choice = localStorage.getItem("shinian:theme") || "system";
    } catch {
      // storage blocked: follow the system
    }
    const dark = choice === "dark" || (choice !== "light" && system.matches);
    document.documentElement.dataset.theme = dark ? "dark" : "light";
  };
  apply();
  system.addEventListener("change", apply);
  addEventListener("shinian-theme", apply);
  addEventListener("storage", (event) => {
    if (event.key === "shinian:theme") apply();
  });

  // 2. With a stored session, the router app's first requests start here, while its code loads:
  // GET /api/auth/me, and on 首页 the feed's first page. The app's client takes an answer
  // (src/api/boot-prefetch.ts) only for the same request with the same token, once and while
  // fresh; otherwise, or if this one failed, it asks again. Only when the API is this origin's
  // /api (the build marks the tag data-early) and not on /login, whose page checks no session.
  if (!document.currentScript?.hasAttribute("data-early") || location.pathname === "/login") return;
  let token = null;
  let needsGuide = false;
  try {
    token = localStorage.getItem("auth_token");
    needsGuide = localStorage.getItem("needs_guide") === "true";
  } catch {
    return;
  }
  if (!token) return;
  // The API answers no-store; the client's no-cache headers add nothing to these two GETs.
  const headers = { Authorization: `Bearer ${token}`, Accept: "application/json" };
  const answers = {};
  const ask = (path) => {
    const url = location.origin + path;
    answers[url] = fetch(url, { headers });
    answers[url].catch(() => undefined); // the app asks again; nobody may be left to see it
  };
  ask("/api/auth/me");
  // 首页 (a person still to be guided is sent to /guide): its code, which the router would ask
  // for only once its own code has run, and as it opens (no filter in the address) its first page.
  if (location.pathname === "/" && !needsGuide) {
    for (const href of (document.currentScript.dataset.home || "").split(" ").filter(Boolean)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    if (!location.search) ask("/api/feed?type=all");
  }
  window.__shinianEarly = { token, at: Date.now(), answers };
})();
