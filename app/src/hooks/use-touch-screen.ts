import { useMedia } from "./use-media.ts";

/** A phone or tablet: no hover, or a finger as the pointer. Keyboard shortcuts are not offered there. */
export const TOUCH_SCREEN = "(hover: none), (pointer: coarse)";

export function useTouchScreen(): boolean {
  return useMedia(TOUCH_SCREEN);
}
