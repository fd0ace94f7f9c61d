import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { strFromU8, unzipSync } from "fflate";
import type { Download, Page, Request } from "playwright";
import type { BrowserCommand } from "vitest/node";
import { API_PORT_ENV, COMPONENTS_DATA_DIR_ENV, COMPONENTS_WECHAT } from "./api-proxy.ts";

/** A file the browser saved: its name and, unpacked, the text of every entry of the zip. */
export type SavedZip = { filename: string; entries: Record<string, string> };

const downloads = new WeakMap<Page, Promise<SavedZip>[]>();
const held = new WeakMap<Page, () => Promise<"sent" | "abandoned">>();

async function unpack(download: Download): Promise<SavedZip> {
  const bytes = new Uint8Array(await readFile(await download.path()));
  const entries = Object.fromEntries(
    Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]),
  );
  return { filename: download.suggestedFilename(), entries };
}

/** What the page downloaded since the last call (the first call starts listening). */
const takeDownloads: BrowserCommand<[], Promise<SavedZip[]>> = async ({ page }) => {
  const seen = downloads.get(page);
  if (!seen) {
    const list: Promise<SavedZip>[] = [];
    downloads.set(page, list);
    page.on("download", (download) => list.push(unpack(download)));
    return [];
  }
  return Promise.all(seen.splice(0));
};

/**
 * Holds the next request to a path at the network until `releaseRequest`, so a test can act
 * while it is under way (what a slow network does).
 */
const holdRequest: BrowserCommand<[path: string]> = async ({ page }, path) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let outcome: Promise<"sent" | "abandoned"> | null = null;
  // Listening from the start: the page's abort may come before or after the route sees the request.
  let abandoned = false;
  const onFailed = (request: Request) => {
    if (new URL(request.url()).pathname === path) abandoned = true;
  };
  page.on("requestfailed", onFailed);
  await page.route(
    (url) => url.pathname === path,
    (route) => {
      outcome = released.then(async () => {
        // The abort reaches Playwright as an event a moment later: wait up to 1 s for it (on a
        // busy machine it came after the card had gone) before calling the request sent.
        for (let i = 0; i < 20 && !abandoned; i++) await new Promise((r) => setTimeout(r, 50));
        page.off("requestfailed", onFailed);
        if (abandoned) return "abandoned";
        await route.continue();
        return "sent";
      });
    },
    { times: 1 },
  );
  held.set(page, () => {
    release();
    if (!outcome) throw new Error(`no request to ${path} was made`);
    return outcome;
  });
};

/** Lets the held request go on; "abandoned" when the page gave it up meanwhile (net::ERR_ABORTED). */
const releaseRequest: BrowserCommand<[], Promise<"sent" | "abandoned">> = async ({ page }) => {
  const release = held.get(page);
  if (!release) throw new Error("no request is held");
  held.delete(page);
  return release();
};

/** The next request to a path fails at the network, as when the connection drops. */
const failNextRequest: BrowserCommand<[path: string]> = async ({ page }, path) => {
  await page.route(
    (url) => url.pathname === path,
    (route) => route.abort("failed"),
    { times: 1 },
  );
};

/**
 * The next request to a path reaches the server, which acts on it, but its answer is lost on the
 * way back (the connection drops): the page sees a network failure.
 */
const loseNextAnswer: BrowserCommand<[path: string]> = async ({ page }, path) => {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await route.fetch();
      await route.abort("failed");
    },
    { times: 1 },
  );
};

/** The token of the link `npm run account:reset-password -- <account>` prints, run on the test server's database. */
const resetLinkToken: BrowserCommand<[account: string], Promise<string>> = async (_, account) => {
  const dataDir = process.env[COMPONENTS_DATA_DIR_ENV];
  if (!dataDir) throw new Error(`${COMPONENTS_DATA_DIR_ENV} is not set: the global setup sets it`);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["server/src/cli/account-reset-password.ts", account],
    {
      cwd: fileURLToPath(new URL("../../../", import.meta.url)),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    },
  );
  const token = /#token=(\S+)/.exec(stdout)?.[1];
  if (!token) throw new Error(`no reset link in: ${stdout}`);
  return token;
};

let receiver: Promise<string> | undefined;
/** A webhook endpoint on 127.0.0.1 (answers 204 to anything), started once; its URL. */
const webhookReceiver: BrowserCommand<[], Promise<string>> = () => {
  receiver ??= new Promise((resolve) => {
    const server = createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(204).end());
    });
    server.unref();
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`),
    );
  });
  return receiver;
};

/**
 * A follower's text message to the 公众号, posted to the component server as WeChat posts it in
 * 明文模式 (signature = sha1 of token, timestamp and nonce sorted); the reply's text.
 */
const wechatSays: BrowserCommand<[openid: string, text: string], Promise<string>> = async (
  _,
  openid,
  text,
) => {
  const { createHash } = await import("node:crypto");
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = String(Date.now() % 1e9);
  const signature = createHash("sha1")
    .update([COMPONENTS_WECHAT.token, timestamp, nonce].sort().join(""))
    .digest("hex");
  const xml = `<xml><ToUserName><![CDATA[gh_components]]></ToUserName><FromUserName><![CDATA[${openid}]]></FromUserName><CreateTime>${timestamp}</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[${text}]]></Content><MsgId>${Date.now()}${Math.floor(Math.random() * 1000)}</MsgId></xml>`;
  const query = new URLSearchParams({ signature, timestamp, nonce, openid });
  const res = await fetch(`http://127.0.0.1:${process.env[API_PORT_ENV]}/wechat/mp?${query}`, {
    method: "POST",
    body: xml,
  });
  const answer = await res.text();
  return /<Content><!\[CDATA\[([\s\S]*?)\]\]><\/Content>/.exec(answer)?.[1] ?? answer;
};

type TelegramStandIn = Awaited<
  ReturnType<typeof import("../../../server/test/support/telegram-stand-in.ts").startTelegramStandIn>
>;

/** A private chat's message to the component server's bot (global-setup.ts); the bot's answer. */
const telegramSays: BrowserCommand<[chatId: number, text: string], Promise<string>> = async (
  _,
  chatId,
  text,
) => {
  const standIn = (globalThis as { componentsTelegram?: TelegramStandIn }).componentsTelegram;
  if (!standIn) throw new Error("no Telegram stand-in: app/test/support/global-setup.ts starts it");
  const before = standIn.sent.filter((m) => m.chat_id === chatId).length;
  standIn.send(chatId, { text });
  return (await standIn.repliesTo(chatId, before + 1, 20_000)).at(-1)!;
};

export const componentTestCommands = {
  wechatSays,
  telegramSays,
  webhookReceiver,
  resetLinkToken,
  takeDownloads,
  holdRequest,
  releaseRequest,
  failNextRequest,
  loseNextAnswer,
};

declare module "vitest/browser" {
  interface BrowserCommands {
    takeDownloads: () => Promise<SavedZip[]>;
    holdRequest: (path: string) => Promise<void>;
    releaseRequest: () => Promise<"sent" | "abandoned">;
    failNextRequest: (path: string) => Promise<void>;
    loseNextAnswer: (path: string) => Promise<void>;
    resetLinkToken: (account: string) => Promise<string>;
    webhookReceiver: () => Promise<string>;
    wechatSays: (openid: string, text: string) => Promise<string>;
    telegramSays: (chatId: number, text: string) => Promise<string>;
  }
}
