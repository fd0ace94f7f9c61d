import { once } from "node:events";
import { createServer } from "node:net";
import type { Plugin } from "vite";

/** Where the component tests' API server listens: chosen by the proxy, used by the global setup. */
export const API_PORT_ENV = "SHINIAN_COMPONENT_API_PORT";

/** The component server's 公众号 (global-setup.ts): its token signs what "WeChat" posts (wechatSays). */
export const COMPONENTS_WECHAT = { token: "componentsToken42", appId: "wx00112233445566aa" };
/** The component server's Telegram bot (global-setup.ts, a stand-in of the Bot API): telegramSays. */
export const COMPONENTS_TELEGRAM_TOKEN = "123456789:AAE_components-bot-token-0123456789abc";

/** The test server's DATA_DIR (its embedded PostgreSQL), set by the global setup for operator commands. */
export const COMPONENTS_DATA_DIR_ENV = "SHINIAN_COMPONENT_DATA_DIR";

/** A port nobody listens on right now (bound a moment later, as the e2e run does). */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

/**
 * Sends the browser's /api to the test server, as `npm run dev` does, so the app's client keeps
 * its same-origin `/api`. Vite builds its proxy before the global setup runs, so the port is
 * chosen here, only when this project is set up, and handed on through the environment.
 */
export function componentTestsApi(): Plugin {
  return {
    name: "shinian:component-tests-api",
    async config() {
      process.env[API_PORT_ENV] ??= String(await freePort());
      const target = `http://127.0.0.1:${process.env[API_PORT_ENV]}`;
      return { server: { proxy: { "/api": { target, changeOrigin: false } } } };
    },
  };
}
