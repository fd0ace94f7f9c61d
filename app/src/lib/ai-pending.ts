/** How often a screen re-reads an idea that 自动整理 is still working on. */
export const PENDING_POLL_MS = 2000;
