import * as React from "react";
import { cn } from "../../lib/cn";

type Props = Record<string, unknown>;
type AnyRef = React.Ref<unknown> | undefined;

/**
 * The button's look on its one child (a router link): the child's own props win, className and
 * style are merged, event handlers run the child's first and refs both get the node. Radix's Slot
 * does this and more (Slottable, refs of older React); this is the part the ui uses, written out
 * because Radix's 1.2 kB gzip tipped 首页 over its 150 kB budget (docs/benchmarks-web.md).
 */
export function Slot({ children, ...slot }: React.ComponentProps<"button">) {
  if (!React.isValidElement<Props>(children)) return null;
  const own = children.props;
  const merged: Props = { ...slot, ...own };
  for (const [key, mine] of Object.entries(slot as Props)) {
    const theirs = own[key];
    if (/^on[A-Z]/.test(key) && typeof mine === "function" && typeof theirs === "function") {
      merged[key] = (...args: unknown[]) => {
        theirs(...args);
        mine(...args);
      };
    }
  }
  merged.className = cn(slot.className, own.className as string | undefined);
  if (slot.style || own.style) merged.style = { ...slot.style, ...(own.style as React.CSSProperties) };
  const refs = [slot.ref as AnyRef, own.ref as AnyRef].filter(Boolean);
  if (refs.length > 1) {
    merged.ref = (node: unknown) => {
      for (const ref of refs) {
        if (typeof ref === "function") ref(node);
        else if (ref) (ref as React.RefObject<unknown>).current = node;
      }
    };
  }
  return React.cloneElement(children, merged);
}
