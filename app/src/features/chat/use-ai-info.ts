import type { AiInfo } from "@shinian/contract";
import * as React from "react";
import { call } from "../../api/client.ts";

// The AI mode and costs are the server's configuration, the same for everyone until it restarts:
// one answer serves every screen of this page (the idea page used to ask twice). A failure is
// asked again by the next screen that needs it. Called here, not through api/ai.ts: 首页 loads this
// hook, and none of that file's other calls.
let aiInfoRequest: Promise<AiInfo> | null = null;
const aiInfoOnce = () =>
  (aiInfoRequest ??= call("aiStatus").catch((error: unknown) => {
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
    // Not data/account.ts's fetchPoints: 首页's voice slot runs this, and that module belongs to lazy screens.
    if (next !== undefined) setBalance(next);
    else
      call("getPoints").then(
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
