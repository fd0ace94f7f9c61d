import { Button } from "@shinian/ui";
import * as React from "react";

/** The 更多 button of 首页's toolbar, before and after its menu's code is loaded. */
export function MoreButton(props: React.ComponentProps<typeof Button>) {
  return (
    <Button variant="secondary" size="sm" aria-haspopup="menu" className="max-md:h-11" {...props}>
      更多
    </Button>
  );
}

// The menu (Radix DropdownMenu) loads on the first press: 首页's first chunk carries only the button.
const HomeMenu = React.lazy(() => import("./home-menu.tsx"));

export function HomeMenuButton() {
  const [wanted, setWanted] = React.useState(false);
  const warm = () => void import("./home-menu.tsx");
  if (!wanted) return <MoreButton onPointerEnter={warm} onFocus={warm} onClick={() => setWanted(true)} />;
  return (
    <React.Suspense fallback={<MoreButton aria-busy />}>
      <HomeMenu defaultOpen />
    </React.Suspense>
  );
}
