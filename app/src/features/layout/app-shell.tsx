import { TopBar, TopBarWordmark } from "@shinian/ui";
import { Link, useNavigate } from "@tanstack/react-router";
import * as React from "react";
import { useAuth } from "../../auth/auth-context.tsx";
import { useMedia } from "../../hooks/use-media.ts";

// Below 640 px the pill is ~100 px of text at 320 px: its placeholder says the two things in few words.
const NARROW = "(max-width: 639px)";

export type AppShellProps = {
  children: React.ReactNode;
  /** Replaces the avatar with the round 返回首页 button. */
  backHome?: boolean;
  searchHidden?: boolean;
  /** The pill's text, when the page owns it (home with a search). */
  query?: string;
};

/** The sticky top bar over a signed-in screen: logo → /, pill → search on /, avatar → /profile. */
export function AppShell({ children, backHome = false, searchHidden = false, query }: AppShellProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [text, setText] = React.useState(query ?? "");
  const narrow = useMedia(NARROW);
  React.useEffect(() => setText(query ?? ""), [query]);
  return (
    <div className="min-h-screen bg-surface">
      <TopBar
        logo={
          <Link to="/" className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring">
            {/* Named by its visible text, 拾念: a label must contain what the link shows (WCAG 2.5.3). */}
            <TopBarWordmark />
          </Link>
        }
        user={user}
        mode={backHome ? "back-home" : "default"}
        onHomeClick={() => void navigate({ to: "/" })}
        onProfileClick={() => void navigate({ to: "/profile" })}
        searchHidden={searchHidden}
        searchProps={{
          ...(narrow ? { placeholder: "搜索或问AI" } : {}),
          value: text,
          onValueChange: setText,
          onSearch: (q) => void navigate({ to: "/", search: q ? { q } : {} }),
          // the AI avatar takes what is typed in the pill along, as the question to ask
          onAvatarClick: () => void navigate({ to: "/chat", search: text.trim() ? { q: text.trim() } : {} }),
        }}
      />
      <main>{children}</main>
    </div>
  );
}
