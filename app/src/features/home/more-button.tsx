import { Button } from "@shinian/ui";
import * as React from "react";
import { useAuth } from "../../auth/auth-context.tsx";

/** The 更多 button of 首页's toolbar, before and after its menu's code is loaded; a dot while a digest is unread. */
export function MoreButton({
  unread = 0,
  ...props
}: React.ComponentProps<typeof Button> & { unread?: number }) {
  return (
    <Button variant="secondary" size="sm" aria-haspopup="menu" className="max-md:h-11" {...props}>
      更多
      {unread ? (
        <span className="size-2 rounded-full bg-primary">
          <span className="sr-only">{unread} 份未读</span>
        </span>
      ) : null}
    </Button>
  );
}

// The menu (Radix DropdownMenu) loads on the first press: 首页's first chunk carries only the button.
const HomeMenu = React.lazy(() => import("./home-menu.tsx"));

export function HomeMenuButton() {
  const [wanted, setWanted] = React.useState(false);
  // from /api/auth/me, asked at start anyway: the badge costs no request
  const unread = useAuth().user?.unreadDigests ?? 0;
  const warm = () => void import("./home-menu.tsx");
  if (!wanted)
    return (
      <MoreButton unread={unread} onPointerEnter={warm} onFocus={warm} onClick={() => setWanted(true)} />
    );
  return (
    <React.Suspense fallback={<MoreButton unread={unread} aria-busy />}>
      <HomeMenu defaultOpen unread={unread} />
    </React.Suspense>
  );
}
