import { useRouter, useRouterState } from "@tanstack/react-router";
import * as React from "react";
import { type Go, NavigationProvider } from "../../lib/navigation.tsx";
import { documentTitleFor } from "../../lib/page-title.ts";
import { exportCardLoader } from "../export/export-card-loader.ts";
import { OfflineNotice } from "./offline-notice.tsx";
import { ToasterHost } from "./toaster-host.tsx";

/**
 * Wraps every screen: keeps document.title in step with the path, floats the export card once a
 * screen offers the export, and draws the toast (撤销 after a delete) across navigation.
 */
export function RootLayout({ children }: { children: React.ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const router = useRouter();
  const go = React.useCallback<Go>(
    (to, options) => (options?.replace ? router.history.replace(to) : router.history.push(to)),
    [router],
  );
  const ExportCardHost = React.useSyncExternalStore(exportCardLoader.subscribe, exportCardLoader.get);
  React.useEffect(() => {
    document.title = documentTitleFor(pathname);
  }, [pathname]);
  return (
    <NavigationProvider value={go}>
      <OfflineNotice />
      {children}
      {ExportCardHost ? <ExportCardHost /> : null}
      <ToasterHost />
    </NavigationProvider>
  );
}
