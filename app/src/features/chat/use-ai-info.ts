import type { AiInfo } from "@shinian/contract";
import * as React from "react";
import { fetchPoints } from "../../api/account.ts";
import { fetchAiInfo } from "../../api/ai.ts";

// The AI mode and costs are the server's configuration, the same for everyone until it restarts:
// one answer serves every screen of this page (the idea page used to ask twice). A failure is
// asked again by the next screen that needs it.
let aiInfoRequest: Promise<AiInfo> | null = null;
const aiInfoOnce = () =>
  (aiInfoRequest ??= fetchAiInfo().catch((error: unknown) => {
    aiInfoRequest = null;
    throw error;
  }));

/**
 * Which assistant answers and what it costs (GET /api/ai/status), and, with `withBalance`, the
 * balance: `updateBalance(n)` after a reply, `updateBalance()` to re-read it (after a stop).
 */
export function useAiInfo({ withBalance = false } = {}) {
  const [info, setInfo] = React.useState<AiInfo | null>(null);
  const [balance, setBalance] = React.useState<number | null>(null);
  const updateBalance = React.useCallback((next?: number) => {
    if (next !== undefined) setBalance(next);
    else
      fetchPoints().then(
        (p) => setBalance(p.balance),
        () => {},
      );
  }, []);
  React.useEffect(() => {
    aiInfoOnce().then(setInfo, () => {});
    if (withBalance) updateBalance();
  }, [withBalance, updateBalance]);
  return { info, balance, updateBalance };
}
