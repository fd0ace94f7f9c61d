import { Button, EmptyState, WebLayout } from "@shinian/ui";
import { Link } from "@tanstack/react-router";
import { AppShell } from "../layout/app-shell.tsx";

/** A signed-in screen whose content is still being built: says so and leads home. */
export function PlaceholderScreen({ title, description }: { title: string; description: string }) {
  return (
    <AppShell backHome>
      <WebLayout className="py-10">
        <h1 className="sr-only">{title}</h1>
        <EmptyState
          title={title}
          description={description}
          action={
            <Button asChild variant="secondary">
              <Link to="/">返回首页</Link>
            </Button>
          }
        />
      </WebLayout>
    </AppShell>
  );
}
