import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@shinian/ui";
import type * as React from "react";

/** The one card a signed-out page (登录、重置密码) shows, centred below the public shell's bar. */
export function AuthCard({
  title,
  description,
  contentClassName,
  children,
}: {
  title: string;
  description: string;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <main className="mx-auto flex max-w-[1200px] justify-center px-4 py-8 md:px-6 md:py-12">
      <Card className="w-full max-w-[420px]">
        <CardHeader>
          <CardTitle as="h1" className="text-xl">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className={contentClassName}>{children}</CardContent>
      </Card>
    </main>
  );
}
