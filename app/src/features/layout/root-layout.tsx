import { ItemLinksContext, type RenderLinks, type RenderRun } from "@shinian/ui";
import { useRouter, useRouterState } from "@tanstack/react-router";
import * as React from "react";
import { type Go, NavigationProvider } from "../../lib/navigation.tsx";
import { documentTitleFor } from "../../lib/page-title.ts";
import { exportCardLoader } from "../export/export-card-loader.ts";
import { OfflineNotice } from "./offline-notice.tsx";
import { ToasterHost } from "./toaster-host.tsx";

// Links in a text (`[[idea:…]]`) show as chips with their targets' titles: the code comes with the
// first text that holds one, never with 首页; until then, or offline without it, the text shows as written.
type LinkedTextProps = { text: string; renderRun?: RenderRun | undefined };
const LinkedText = React.lazy<React.ComponentType<LinkedTextProps>>(() =>
  import("../links/linked-text.tsx").catch(() => ({
    default: ({ text, renderRun }: LinkedTextProps) => (renderRun ? renderRun(text) : text),
  })),
);
const renderLinks: RenderLinks = (text, renderRun) => (
  <React.Suspense fallback={renderRun ? renderRun(text) : text}>
    <LinkedText text={text} renderRun={renderRun} />
  </React.Suspense>
);

/**
 * Wraps every screen: keeps document.title in step with the path, floats the export card once a
 * screen offers the export, and draws the toast (撤销 after a delete) across navigation.
 */
export function RootLayout({ children }: { children: React.ReactNode }) {
  // a string: the layout renders again only when the title changes
  const title = useRouterState({
    select: (state) =>
      documentTitleFor(state.location.pathname, state.location.search as Record<string, unknown>),
  });
  const router = useRouter();
  const go = React.useCallback<Go>(
    (to, options) => (options?.replace ? router.history.replace(to) : router.history.push(to)),
    [router],
  );
  const ExportCardHost = React.useSyncExternalStore(exportCardLoader.subscribe, exportCardLoader.get);
  React.useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <NavigationProvider value={go}>
      <OfflineNotice />
      <ItemLinksContext value={renderLinks}>{children}</ItemLinksContext>
      {ExportCardHost ? <ExportCardHost /> : null}
      <ToasterHost />
    </NavigationProvider>
  );
}
