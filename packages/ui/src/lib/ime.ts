import type * as React from "react";

/**
 * True while a Chinese (or any) input-method composition is active. Enter then picks a
 * candidate and must never search, send or save. Safari reports the composing Enter only
 * through keyCode 229, hence both checks.
 */
export function isImeComposing(event: React.KeyboardEvent | KeyboardEvent): boolean {
  const native = "nativeEvent" in event ? event.nativeEvent : event;
  return native.isComposing || native.keyCode === 229;
}
