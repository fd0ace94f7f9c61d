import type { AppDeps } from "../context.ts";
import { listen } from "../db/notifications.ts";
import { OUTBOX_CHANNEL } from "./outbox.store.ts";
import { payloadOf } from "./payload.ts";
import { postSigned } from "./post.ts";
import { openSecret } from "./saved-secret.ts";
import { signedHeaders } from "./signing.ts";
import { type ClaimedDelivery, claimDue, markDelivered, markFailed } from "./webhooks.store.ts";

/**
 * Delivers what the outbox fanned out, at least once: woken by NOTIFY at the commit of a change
 * (so the first attempt follows within milliseconds), and by a poll for retries coming due. Any
 * number of processes may run one (claims are leases taken with SKIP LOCKED). In one process at
 * most `parallel` attempts at once and `parallelPerAccount` of one account: an endpoint that
 * answers slowly holds its own account's slots only.
 */
export function webhookWorker(deps: AppDeps) {
  const limits = deps.config.webhooks;
  const inFlight = new Map<string, number>();
  let total = 0;
  let running = false;
  let again = false;
  let stopped = false;

  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    deps.work
      .track(drain())
      .catch((err) => deps.logger.warn("webhook delivery round failed", { err }))
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          kick();
        }
      });
  };

  const drain = async () => {
    while (!stopped && total < limits.parallel) {
      const busy = [...inFlight].filter(([, n]) => n >= limits.parallelPerAccount).map(([user]) => user);
      const claimed = await claimDue(deps.db, {
        limit: limits.parallel - total,
        perAccount: limits.parallelPerAccount,
        busyAccounts: busy,
        leaseMs: limits.leaseMs,
      });
      for (const d of claimed) start(d);
      if (claimed.length === 0) break;
    }
  };

  const start = (d: ClaimedDelivery) => {
    total++;
    inFlight.set(d.user_id, (inFlight.get(d.user_id) ?? 0) + 1);
    deps.work
      .track(attempt(d))
      .catch((err) => deps.logger.warn("webhook delivery failed", { err }))
      .finally(() => {
        total--;
        const left = (inFlight.get(d.user_id) ?? 1) - 1;
        if (left) inFlight.set(d.user_id, left);
        else inFlight.delete(d.user_id);
        kick();
      });
  };

  const attempt = async (d: ClaimedDelivery) => {
    const secret = openSecret(limits, d.secret_enc, {
      userId: d.user_id,
      webhookId: d.webhook_id,
    })?.plaintext;
    const body = await payloadOf(deps.db, d);
    const result = secret
      ? await postSigned(d.url, signedHeaders(secret, `msg_${d.id}`, new Date(), body), body, {
          ...limits,
          timeoutMs: limits.attemptTimeoutMs,
          signal: deps.work.signal,
        })
      : ({ ok: false, status: null, error: "服务器的密钥已更换，签名密钥无法读取" } as const);
    if (result.ok) return markDelivered(deps.db, d.id, result.status);
    const delays = limits.retryDelaysMs;
    const retryInMs = secret && d.attempts <= delays.length ? delays[d.attempts - 1]! : null;
    await markFailed(
      deps.db,
      { id: d.id, webhookId: d.webhook_id },
      {
        responseStatus: result.status,
        error: result.error,
        retryInMs,
        reason: `投递连续失败一天以上，已停用（最后一次：${result.error}）。修好接收地址后点“发送测试”即可重新启用`,
      },
    );
  };

  const poll = setInterval(kick, limits.pollMs).unref();
  const listening = listen(deps.db, OUTBOX_CHANNEL, () => kick());
  kick();
  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(poll);
      await listening.close();
    },
  };
}
