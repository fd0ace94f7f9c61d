import { cva, type VariantProps } from "class-variance-authority";
import { PanelLeft } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn";
import { IconButton } from "../../primitives/icon-button";
import { Sheet } from "../../primitives/sheet";

export const chatLayoutVariants = cva("min-h-0 w-full overflow-hidden", {
  variants: {
    variant: {
      /**
       * /chat: conversations on the left, the chat filling the rest of the screen under the top bar.
       * Below 768 px the conversations move into a drawer opened from the header.
       */
      page: "flex h-[calc(100dvh-var(--sn-topbar-total))] md:grid md:grid-cols-[280px_1fr] lg:min-h-[560px]",
      /** A side chat inside a pane: fills its parent. */
      panel: "flex h-full flex-col",
    },
  },
  defaultVariants: { variant: "page" },
});

const NEAR_BOTTOM_PX = 80;

export type ChatLayoutProps = Omit<React.ComponentProps<"div">, "children"> &
  VariantProps<typeof chatLayoutVariants> & {
    /** The conversation list (page variant only). */
    sidebar?: React.ReactNode;
    /** Title, mode badge, balance … above the messages. */
    header?: React.ReactNode;
    /** The messages. */
    children: React.ReactNode;
    composer: React.ReactNode;
    /** Changes whenever the messages grow: the log follows to the bottom unless the reader scrolled up. */
    scrollKey?: unknown;
    sidebarLabel?: string;
    /** Accessible name of the button that opens the conversation list on phones. */
    openSidebarLabel?: string;
    /** The phone drawer of the conversation list, when the parent controls it (e.g. closes it on a choice). */
    drawerOpen?: boolean;
    onDrawerOpenChange?: (open: boolean) => void;
    /** Accessible name of the chat region (e.g. which item a side chat is about). */
    chatLabel?: string;
    logLabel?: string;
  };

export function ChatLayout({
  variant,
  sidebar,
  header,
  children,
  composer,
  scrollKey,
  sidebarLabel = "对话列表",
  openSidebarLabel = "打开对话列表",
  drawerOpen,
  onDrawerOpenChange,
  chatLabel = "AI 对话",
  logLabel = "对话内容",
  className,
  ...props
}: ChatLayoutProps) {
  const log = React.useRef<HTMLDivElement>(null);
  const following = React.useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrollKey is the trigger, not read
  React.useLayoutEffect(() => {
    const el = log.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [scrollKey]);
  const isPage = (variant ?? "page") === "page";
  const [ownDrawerOpen, setOwnDrawerOpen] = React.useState(false);
  const drawerShown = drawerOpen ?? ownDrawerOpen;
  const setDrawer = (open: boolean) => {
    setOwnDrawerOpen(open);
    onDrawerOpenChange?.(open);
  };
  const drawer =
    isPage && sidebar ? (
      <Sheet
        title={sidebarLabel}
        side="left"
        open={drawerShown}
        onOpenChange={setDrawer}
        trigger={
          <IconButton label={openSidebarLabel} className="-ml-2 size-11 md:hidden">
            <PanelLeft aria-hidden />
          </IconButton>
        }
      >
        <div className="p-3">{sidebar}</div>
      </Sheet>
    ) : null;
  const chat = (
    <section data-slot="chat-main" aria-label={chatLabel} className="flex min-h-0 min-w-0 flex-1 flex-col">
      {header || drawer ? (
        <header
          data-slot="chat-header"
          className={cn(
            "flex shrink-0 items-center gap-3 border-border border-b",
            isPage ? "h-14 px-4 md:px-6" : "h-12 px-4",
            !header && "md:hidden",
          )}
        >
          {drawer}
          {header}
        </header>
      ) : null}
      <div
        ref={log}
        role="log"
        aria-live="polite"
        aria-label={logLabel}
        data-slot="chat-log"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach the scrollable log to scroll it
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          following.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
        }}
        className={cn(
          "min-h-0 flex-1 overflow-y-auto overscroll-contain outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
          isPage ? "px-4 py-4 md:px-6 md:py-6" : "px-4 py-4",
        )}
      >
        <div className={cn("mx-auto flex flex-col gap-4", isPage && "max-w-3xl")}>{children}</div>
      </div>
      <div
        data-slot="chat-composer-area"
        className={cn(
          "shrink-0 border-border border-t",
          isPage ? "px-3 pt-3 pb-[max(12px,env(safe-area-inset-bottom))] md:px-6 md:py-4" : "p-3",
        )}
      >
        <div className={cn("mx-auto", isPage && "max-w-3xl")}>{composer}</div>
      </div>
    </section>
  );
  return (
    <div data-slot="chat-layout" className={cn(chatLayoutVariants({ variant }), className)} {...props}>
      {isPage ? (
        <aside
          data-slot="chat-sidebar"
          aria-label={sidebarLabel}
          className="min-h-0 overflow-y-auto border-border border-r bg-surface p-3 max-md:hidden"
        >
          {sidebar}
        </aside>
      ) : null}
      {chat}
    </div>
  );
}
