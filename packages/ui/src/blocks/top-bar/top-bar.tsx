import { House } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";
import { Avatar } from "../../primitives/avatar";
import { IconButton } from "../../primitives/icon-button";
import { SearchPill, type SearchPillProps } from "../search-pill";
import { TopBarWordmark } from "./top-bar-wordmark";

export type TopBarMode = "default" | "back-home";

export type TopBarUser = { nickname?: string | null; avatar?: string | null };

export type TopBarProps = React.ComponentProps<"header"> & {
  /** Left slot, e.g. the app's router link; defaults to the 拾念 wordmark as a button calling `onLogoClick`. */
  logo?: React.ReactNode;
  onLogoClick?: () => void;
  /** Props passed through to the centre SearchPill. */
  searchProps?: Omit<SearchPillProps, "hidden">;
  /** Hides the centre search pill. */
  searchHidden?: boolean;
  /** The signed-in user shown at the right. */
  user?: TopBarUser | null;
  onProfileClick?: () => void;
  /** `back-home` replaces the avatar with a round 返回首页 button. */
  mode?: TopBarMode;
  onHomeClick?: () => void;
  profileLabel?: string;
  homeLabel?: string;
};

export function TopBar({
  className,
  logo,
  onLogoClick,
  searchProps,
  searchHidden = false,
  user,
  onProfileClick,
  mode = "default",
  onHomeClick,
  profileLabel = "打开个人资料",
  homeLabel = "返回首页",
  ...props
}: TopBarProps) {
  return (
    <header
      data-slot="top-bar"
      data-mode={mode}
      className={cn(
        "sticky top-0 z-sticky h-[var(--sn-topbar-total)] border-b border-border bg-background pt-[env(safe-area-inset-top)] pr-[env(safe-area-inset-right)] pl-[env(safe-area-inset-left)]",
        className,
      )}
      {...props}
    >
      <div className="mx-auto grid h-full max-w-[1200px] grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-2 px-3 md:gap-4 md:px-4 lg:grid-cols-[1fr_auto_1fr] lg:gap-6 lg:px-6">
        <div data-slot="top-bar-logo" className="justify-self-start">
          {logo ?? (
            <button
              type="button"
              onClick={onLogoClick}
              className="cursor-pointer rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            >
              <TopBarWordmark />
            </button>
          )}
        </div>
        <SearchPill width="responsive" {...searchProps} hidden={searchHidden} />
        <div data-slot="top-bar-actions" className="col-start-3 justify-self-end">
          {mode === "back-home" ? (
            <IconButton
              variant="secondary"
              shape="round"
              size="md"
              label={homeLabel}
              onClick={onHomeClick}
              className="max-lg:size-11"
            >
              <House aria-hidden />
            </IconButton>
          ) : (
            // A 44 px tap target around the 32 px avatar on touch screens; exactly the avatar on desktop.
            <button
              type="button"
              aria-label={profileLabel}
              title={profileLabel}
              onClick={onProfileClick}
              className="inline-flex size-11 cursor-pointer items-center justify-center rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 lg:size-9"
            >
              <Avatar size="bar" src={user?.avatar} nickname={user?.nickname} aria-hidden />
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
