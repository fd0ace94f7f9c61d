import type { AiInfo } from "@shinian/contract";
import * as React from "react";
import { fetchPoints } from "../../api/account.ts";
import { fetchAiInfo } from "../../api/ai.ts";

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
    fetchAiInfo().then(setInfo, () => {});
    if (withBalance) updateBalance();
  }, [withBalance, updateBalance]);
  return { info, balance, updateBalance };
}
