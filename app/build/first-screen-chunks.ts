// Rolldown's chunk groups for the two first screens. Left to itself, rolldown splits the modules
// that /login and 首页 share with other routes into a chunk per combination of importers: 首页 loaded
// 26–30 files, a dozen of them under 0.6 kB gzipped, each with its own imports and exports, and gzip
// never saw two of them together. Here the first screens' modules go into a few chunks that change
// only when the screens do. e2e/budgets.e2e.ts checks the total; `node scripts/js-size.mjs` lists the
// chunks. A module named here but lazily loaded would load with the first screen: list only what a
// first screen imports statically (React.lazy and import() targets stay out).
import type { CodeSplittingGroup } from "rolldown";

const sep = String.raw`[\\/]`;
/** Matches a module id ending in one of the paths (relative to the repository, without extension). */
const files = (paths: string[]) =>
  new RegExp(
    `${sep}(?:${paths.map((p) => p.replaceAll("/", sep).replaceAll(".", String.raw`\.`)).join("|")})\\.(?:tsx?|m?js)(?:\\?.*)?$`,
  );

/** What both first screens run: the design system's first parts, the session, the API client's core. */
const bothScreens = [
  ...["button", "alert", "card", "checkbox", "tabs", "page-loading"].map(
    (name) => `packages/ui/src/primitives/${name}/${name}`,
  ),
  "packages/ui/src/blocks/top-bar/top-bar-wordmark",
  "packages/ui/src/lib/cn",
  "packages/contract/src/first-routes",
  "packages/contract/src/route-path",
  ...["api-error", "create-client", "boot-prefetch", "endpoint-caller", "unauthorized", "client", "auth"].map(
    (name) => `app/src/api/${name}`,
  ),
  "app/src/auth/token-store",
  "app/src/auth/auth-state",
  "app/src/auth/auth-context",
  "app/src/config/app-config",
  "app/src/config/index",
  "app/src/lib/draft",
  "app/src/lib/navigation",
  "app/src/lib/register-service-worker",
  "app/src/hooks/use-online",
  "app/src/features/layout/offline-notice",
];

/** /login's form and frame (the router app's /login route loads them too). */
const login = ["app/src/features/auth/login-screen", "app/src/features/layout/public-shell"];

/** What /login draws and 首页 does not (its composer is a Textarea), as other screens' forms do. */
const formParts = ["field", "input", "password-field"].map(
  (name) => `packages/ui/src/primitives/${name}/${name}`,
);

export const firstScreenChunks: CodeSplittingGroup[] = [
  { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: "router", test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history)[\\/]/ },
  // Each group takes along the static imports of what it names that no group above has taken
  // (rolldown's includeDependenciesRecursively), so naming a screen's top module is enough.
  // With the API client's ky, which both screens load: 首页 with its entry, /login with its first
  // request (GET /api/auth/options as the form shows).
  { name: "first-screen", test: (id) => /node_modules[\\/]ky[\\/]/.test(id) || files(bothScreens).test(id) },
  // Apart from login-screen, or every screen with a text field would load /login's form.
  { name: "form-ui", test: files(formParts) },
  { name: "login-screen", test: files(login) },
  // The router app, which the entry imports: the route tree, the layouts, 首页's first-page loader.
  { name: "router-app", test: files(["app/src/router-app"]) },
  // 首页's route component (lazy, as every route's) with everything it imports: the shell, the
  // composer, the feed.
  {
    name: "home",
    test: /[\\/]app[\\/]src[\\/]routes[\\/]_authenticated[\\/]index\.tsx\?tsr-split=component$/,
  },
  // The tag column, which only a wide 首页 draws.
  { name: "tag-panel", test: files(["app/src/features/home/tag-panel"]) },
];
