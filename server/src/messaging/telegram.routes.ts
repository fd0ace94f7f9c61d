import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context.ts";
import { ApiError } from "../errors.ts";
import { limitBody } from "../http/body-limit.ts";
import {
  handleUpdate,
  TELEGRAM_WEBHOOK_PATH,
  telegramWebhookSecret,
  telegramWebhookUrl,
} from "./telegram.ts";

/** An update is a message of at most 4096 characters and its entities: far less than this. */
const MAX_UPDATE_BYTES = 256 * 1024;

/**
 * Telegram's webhook (https://core.telegram.org/bots/api#setwebhook), on only with
 * TELEGRAM_BOT_TOKEN and an https PUBLIC_URL: each POST carries our secret in
 * X-Telegram-Bot-Api-Secret-Token. Answered at once; the update is handled in the background
 * (claimed once by its update_id, so Telegram's redelivery after a failure saves nothing twice).
 */
export function telegramRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const config = deps.config.telegram;
  if (!config || !telegramWebhookUrl(deps)) return app;
  const secret = Buffer.from(telegramWebhookSecret(config));
  app.post(
    TELEGRAM_WEBHOOK_PATH,
    limitBody(() => MAX_UPDATE_BYTES),
    async (c) => {
      const given = Buffer.from(c.req.header("x-telegram-bot-api-secret-token") ?? "");
      if (given.length !== secret.length || !timingSafeEqual(given, secret))
        return c.json({ ok: false }, 401);
      const update = await c.req.json().catch(() => null);
      if (!update || typeof update !== "object" || typeof update.update_id !== "number")
        return c.json({ ok: false }, 400);
      deps.work
        .track(handleUpdate(deps, config, update, deps.work.signal))
        .catch((err) => c.var.logger.warn("telegram update not answered", { err }));
      return c.json({ ok: true });
    },
  );
  app.onError((err, c) => {
    if (err instanceof ApiError && err.code === "PAYLOAD_TOO_LARGE") return c.json({ ok: false }, 413);
    c.var.logger.error("unhandled error", { err });
    return c.json({ ok: false }, 500);
  });
  return app;
}
