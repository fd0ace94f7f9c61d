import { Alert } from "@shinian/ui";
import { useRouterState } from "@tanstack/react-router";
import * as React from "react";
import { useOnline } from "../../hooks/use-online.ts";
import { documentTitleFor } from "../../lib/page-title.ts";
import { exportCardLoader } from "../export/export-card-loader.ts";

/** Wraps every screen: keeps document.title in step with the path and floats the export card once a screen offers the export. */
export function RootLayout({ children }: { children: React.ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const online = useOnline();
  const ExportCardHost = React.useSyncExternalStore(exportCardLoader.subscribe, exportCardLoader.get);
  React.useEffect(() => {
    document.title = documentTitleFor(pathname);
  }, [pathname]);
  return (
    <>
      {online ? null : (
        <Alert
          tone="warning"
          className="fixed bottom-4 left-4 z-floating w-auto max-w-[min(420px,calc(100vw-2rem))] shadow-md"
          title="你已离线"
          description="可以继续浏览和记录，草稿会保存在本机；联网后再保存到云端。"
        />
      )}
      {children}
      {ExportCardHost ? <ExportCardHost /> : null}
    </>
  );
}
