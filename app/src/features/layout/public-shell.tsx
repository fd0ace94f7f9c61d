import { TopBarWordmark } from "@shinian/ui";
import type * as React from "react";
import { AppLink } from "../../lib/navigation.tsx";

/** A page outside the app's chrome (login, agreements): just the wordmark. */
export function PublicShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-surface">
      <header className="mx-auto flex h-16 max-w-[1200px] items-center px-6">
        <AppLink to="/" className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring">
          {/* Named by its visible text, 拾念: a label must contain what the link shows (WCAG 2.5.3). */}
          <TopBarWordmark />
        </AppLink>
      </header>
      {children}
    </div>
  );
}
