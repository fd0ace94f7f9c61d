import { useRouterState } from "@tanstack/react-router";
import * as React from "react";
import { documentTitleFor } from "../../lib/page-title.ts";
import { ExportCardHost } from "../export/export-card-host.tsx";

/** Wraps every screen: keeps document.title in step with the path and floats the export card. */
export function RootLayout({ children }: { children: React.ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  React.useEffect(() => {
    document.title = documentTitleFor(pathname);
  }, [pathname]);
  return (
    <>
      {children}
      <ExportCardHost />
    </>
  );
}
