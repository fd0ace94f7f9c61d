import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startTelegramStandIn } from "../../../server/test/support/telegram-stand-in.ts";
import {
  API_PORT_ENV,
  COMPONENTS_DATA_DIR_ENV,
  COMPONENTS_TELEGRAM_TOKEN,
  COMPONENTS_WECHAT,
  freePort,
} from "./api-proxy.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** Resolves once `url` answers (200 unless `anyStatus`); rejects when the child exits first or `ms` pass. */
async function ready(url: string, child: ChildProcess, { anyStatus = false, ms = 60_000 } = {}) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (res) => anyStatus || res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await once(child, "exit");
}

/**
 * The component tests' API: the real server (from source, Node strips the types) on a fresh
 * embedded PostgreSQL in a temporary DATA_DIR, as the e2e run has it (nothing to install), with
 * the e2e run's fake AI provider. The project's Vite proxy sends the browser's /api to it.
 */
export default async function setup() {
  const port = Number(process.env[API_PORT_ENV]);
  if (!port) throw new Error(`${API_PORT_ENV} is not set: vitest.config.ts's app-components project sets it`);
  const dir = mkdtempSync(path.join(tmpdir(), "shinian-components-"));
  // The embedded postgres runs as user postgres when we are root: it must reach the data dir.
  chmodSync(dir, 0o755);

  const providerPort = await freePort();
  const children: ChildProcess[] = [];
  // the Bot API the server's bot polls (https://core.telegram.org/bots/api, see the stand-in);
  // browser commands (telegramSays) run in this process and write to it as a chat would
  const telegram = await startTelegramStandIn(COMPONENTS_TELEGRAM_TOKEN);
  (globalThis as { componentsTelegram?: typeof telegram }).componentsTelegram = telegram;
  const teardown = async () => {
    for (const child of [...children].reverse()) await stop(child);
    await telegram.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const provider = spawn(process.execPath, ["e2e/fake-provider.ts"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, FAKE_PROVIDER_PORT: String(providerPort) },
    });
    children.push(provider);
    await ready(`http://127.0.0.1:${providerPort}/v1/models`, provider, { anyStatus: true });
    const server = spawn(process.execPath, ["server/src/index.ts"], {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: path.join(dir, "data"),
        DATABASE_URL: "",
        AI_BASE_URL: `http://127.0.0.1:${providerPort}/v1`,
        AI_API_KEY: "sk-components",
        AI_MODEL: "components-model",
        // Two replies' worth (2 points each): running out of points is two questions away.
        POINTS_REGISTER_BONUS: "4",
        EXPORT_COOLDOWN: "1h",
        PASSWORD_HASH_COST: "10",
        LOG_LEVEL: "warn",
        // every test registers its own account from 127.0.0.1
        REGISTER_PER_IP_PER_HOUR: "10000",
        // the WebDAV card's form, saved against this server (nothing connects until 测试连接)
        WEBDAV_SECRET_KEY: "components-webdav-key-0123456789abcdef",
        WEBDAV_ALLOW_LOCAL: "true",
        // the 微信与 Telegram card, bound by a message posted as WeChat does (wechatSays)
        WECHAT_TOKEN: COMPONENTS_WECHAT.token,
        WECHAT_APPID: COMPONENTS_WECHAT.appId,
        // …and by the bot, whose chat the review can be pushed to
        TELEGRAM_BOT_TOKEN: COMPONENTS_TELEGRAM_TOKEN,
        TELEGRAM_API_BASE: telegram.url,
      },
    });
    children.push(server);
    await ready(`http://127.0.0.1:${port}/api/health`, server);
    // operator commands (the reset link) reach the same database through the server's socket
    process.env[COMPONENTS_DATA_DIR_ENV] = path.join(dir, "data");
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
