import type * as React from "react";
import { PageLoading } from "../../primitives/page-loading";

export type AuthCheckingProps = Omit<React.ComponentProps<typeof PageLoading>, "fill"> & {
  /** Visible text under the spinner. */
  text?: string;
};

export function AuthChecking({ text = "正在检查登录状态...", ...props }: AuthCheckingProps) {
  return <PageLoading data-slot="auth-checking" fill="viewport" text={text} {...props} />;
}
