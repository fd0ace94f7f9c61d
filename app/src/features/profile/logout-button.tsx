import { Button, ConfirmDialog } from "@shinian/ui";
import { useNavigate } from "@tanstack/react-router";
import * as React from "react";
import { useAuth } from "../../auth/auth-context.tsx";

/**
 * 退出登录. When captures made offline are still waiting on this device, it says so first: they
 * stay, for this account only, and are sent when it signs in here again.
 */
export function LogoutButton() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [unsynced, setUnsynced] = React.useState(0);

  const logout = async () => {
    await auth.logout();
    await navigate({ to: "/login" });
  };
  const ask = async () => {
    const userId = auth.user?.id;
    const waiting = userId
      ? await import("../capture-queue/queue-store.ts")
          .then((queue) => queue.queuedFor(userId))
          .then(
            (items) => items.length,
            () => 0,
          )
      : 0;
    if (waiting > 0) setUnsynced(waiting);
    else await logout();
  };

  return (
    <>
      <Button variant="secondary" onClick={() => void ask()}>
        退出登录
      </Button>
      <ConfirmDialog
        open={unsynced > 0}
        onOpenChange={(open) => {
          if (!open) setUnsynced(0);
        }}
        title={`还有 ${unsynced} 条想法未同步`}
        description="它们仍保存在这台设备上，只属于你的账号；下次用这个账号在这里登录时会自动同步。现在退出吗？"
        confirmLabel="仍然退出"
        onConfirm={logout}
      />
    </>
  );
}
