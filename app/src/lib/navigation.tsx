import * as React from "react";

export type Go = (to: string, options?: { replace?: boolean }) => void;

// Outside any provider a path is simply loaded; the router app and /login's own entry provide theirs.
const NavigationContext = React.createContext<Go>((to, options) =>
  options?.replace ? window.location.replace(to) : window.location.assign(to),
);

/**
 * How screens shared by /login's own entry (login-main.tsx, no router) and the router app move to
 * another path: those screens cannot use the router's Link, which would pull the router into /login.
 */
export const NavigationProvider = NavigationContext.Provider;

export function useGo(): Go {
  return React.useContext(NavigationContext);
}

/** An in-app link: a plain <a> for new tabs and copying, moved through the current navigation on click. */
export function AppLink({ to, ...props }: { to: string } & Omit<React.ComponentProps<"a">, "href">) {
  const go = useGo();
  return (
    <a
      {...props}
      href={to}
      onClick={(event) => {
        props.onClick?.(event);
        const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
        if (event.defaultPrevented || event.button !== 0 || modified) return;
        event.preventDefault();
        go(to);
      }}
    />
  );
}
