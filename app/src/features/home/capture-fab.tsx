import { Button } from "@shinian/ui";
import { PenLine } from "lucide-react";
import * as React from "react";

/**
 * 记录想法, floating at the bottom of a phone's screen once the composer has scrolled out of view:
 * a tap brings it back and focuses it (in the tap itself, so the phone's keyboard opens).
 */
export default function CaptureFab({ composer }: { composer: React.RefObject<HTMLElement | null> }) {
  const [composerOutOfView, setComposerOutOfView] = React.useState(false);
  React.useEffect(() => {
    const node = composer.current;
    if (!node) return;
    const observer = new IntersectionObserver(([entry]) => setComposerOutOfView(!entry?.isIntersecting));
    observer.observe(node);
    return () => observer.disconnect();
  }, [composer]);
  if (!composerOutOfView) return null;
  return (
    <Button
      data-slot="capture-fab"
      size="lg"
      className="fixed right-[max(1rem,env(safe-area-inset-right))] bottom-[max(1rem,env(safe-area-inset-bottom))] z-sticky h-12 rounded-full shadow-lg"
      onClick={() => {
        const node = composer.current;
        node?.querySelector("textarea")?.focus({ preventScroll: true });
        node?.scrollIntoView({ block: "center", behavior: "smooth" });
      }}
    >
      <PenLine aria-hidden />
      记录想法
    </Button>
  );
}
