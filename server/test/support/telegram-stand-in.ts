import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for the Telegram Bot API on 127.0.0.1, from https://core.telegram.org/bots/api:
 * - requests go to /bot<token>/<method> with a JSON body; a wrong token answers 401
 *   {"ok":false,"error_code":401,"description":"Unauthorized"};
 * - getUpdates (#getupdates): long polling, `offset` confirms every update before it, `timeout`
 *   seconds held open; two at once answer 409 "Conflict: terminated by other getUpdates request";
 * - sendMessage (#sendmessage): chat_id and text required (400 otherwise); with parse_mode "HTML"
 *   (#html-style) only the documented tags, and of entities only &lt; &gt; &amp; &quot; and numeric
 *   ones ("can't parse entities" otherwise); 1–4096 characters after parsing ("message is too long");
 * - getFile (#getfile) → file_path, then the file at /file/bot<token>/<file_path>;
 * - setWebhook (#setwebhook): an https url, a secret_token of 1–256 of A-Z a-z 0-9 _ -; while a
 *   webhook is set, getUpdates answers 409 "Conflict: can't use getUpdates method while webhook is active".
 */
export async function startTelegramStandIn(token: string) {
  const updates: { update_id: number; message: object }[] = [];
  /** `shown`: the text as the chat shows it (HTML parsed); `parseMode` as asked. */
  const sent: { chat_id: number; text: string; shown: string; parseMode: string | null }[] = [];
  const files = new Map<string, Buffer>();
  const calls = { getUpdates: 0, conflicts: 0, deleteWebhook: 0 };
  let fileDelayMs = 0;
  let nextId = 1000;
  let nextMessage = 1;
  let polling: { offset: number; answer: () => void } | null = null;
  const webhook: { url: string | null; secret: string | null } = { url: null, secret: null };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const readJson = (req: IncomingMessage) =>
    new Promise<Record<string, unknown> | null>((resolve) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        if (!/application\/json/.test(req.headers["content-type"] ?? "")) return resolve(null);
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
        } catch {
          resolve(null);
        }
      });
    });
  const pending = (offset: number) => updates.filter((u) => u.update_id >= offset);

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (file) {
      const bytes = file[1] === token ? files.get(file[2]!) : undefined;
      if (!bytes) return json(res, 404, { ok: false, error_code: 404, description: "Not Found" });
      if (fileDelayMs) {
        const timer = setTimeout(() => {
          if (res.writableEnded || res.destroyed) return;
          res.writeHead(200, { "Content-Type": "application/octet-stream", "Content-Length": bytes.length });
          res.end(bytes);
        }, fileDelayMs);
        res.on("close", () => clearTimeout(timer));
        return;
      }
      res.writeHead(200, { "Content-Type": "application/octet-stream", "Content-Length": bytes.length });
      return res.end(bytes);
    }
    const call = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
    if (!call || call[1] !== token)
      return json(res, 401, { ok: false, error_code: 401, description: "Unauthorized" });
    const body = await readJson(req);
    if (!body)
      return json(res, 400, { ok: false, error_code: 400, description: "Bad Request: no JSON body" });
    switch (call[2]) {
      case "setWebhook": {
        const secret = String(body.secret_token ?? "");
        if (typeof body.url !== "string" || !body.url.startsWith("https://"))
          return json(res, 400, {
            ok: false,
            error_code: 400,
            description: "Bad Request: bad webhook: HTTPS url must be provided for webhook",
          });
        if (!/^[A-Za-z0-9_-]{1,256}$/.test(secret))
          return json(res, 400, {
            ok: false,
            error_code: 400,
            description: "Bad Request: secret token contains unallowed characters",
          });
        webhook.url = body.url;
        webhook.secret = secret;
        return json(res, 200, { ok: true, result: true, description: "Webhook was set" });
      }
      // https://core.telegram.org/bots/api#deletewebhook: back to getUpdates; pending updates are
      // kept unless drop_pending_updates is true
      case "deleteWebhook": {
        calls.deleteWebhook++;
        if (body.drop_pending_updates === true) updates.splice(0);
        webhook.url = null;
        webhook.secret = null;
        return json(res, 200, { ok: true, result: true, description: "Webhook was deleted" });
      }
      case "getUpdates": {
        calls.getUpdates++;
        if (webhook.url) {
          calls.conflicts++;
          return json(res, 409, {
            ok: false,
            error_code: 409,
            description:
              "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
          });
        }
        if (polling) {
          calls.conflicts++;
          return json(res, 409, {
            ok: false,
            error_code: 409,
            description:
              "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
          });
        }
        const offset = typeof body.offset === "number" ? body.offset : 0;
        // confirmed: forgotten, as Telegram does
        for (let i = updates.length - 1; i >= 0; i--)
          if (updates[i]!.update_id < offset) updates.splice(i, 1);
        let timer: NodeJS.Timeout | undefined;
        const answer = () => {
          if (polling?.answer === answer) polling = null;
          clearTimeout(timer);
          if (!res.writableEnded) json(res, 200, { ok: true, result: pending(offset) });
        };
        if (pending(offset).length) return answer();
        timer = setTimeout(answer, Number(body.timeout ?? 0) * 1000);
        polling = { offset, answer };
        // the poller gave up (aborted at stop): no longer polling
        res.on("close", () => {
          if (polling?.answer === answer) polling = null;
          clearTimeout(timer);
        });
        return;
      }
      case "sendMessage":
        if (typeof body.chat_id !== "number" || typeof body.text !== "string" || !body.text)
          return json(res, 400, {
            ok: false,
            error_code: 400,
            description: "Bad Request: message text is empty",
          });
        {
          const parseMode = typeof body.parse_mode === "string" ? body.parse_mode : null;
          const shown = parseMode === "HTML" ? parseHtml(body.text) : body.text;
          if (shown === null)
            return json(res, 400, {
              ok: false,
              error_code: 400,
              description: "Bad Request: can't parse entities: unsupported start tag or entity",
            });
          if ([...shown].length > 4096)
            return json(res, 400, {
              ok: false,
              error_code: 400,
              description: "Bad Request: message is too long",
            });
          sent.push({ chat_id: body.chat_id, text: body.text, shown, parseMode });
        }
        return json(res, 200, {
          ok: true,
          result: { message_id: nextMessage++, date: 0, chat: { id: body.chat_id } },
        });
      case "getFile": {
        const id = String(body.file_id ?? "");
        if (!files.has(`files/${id}`))
          return json(res, 400, { ok: false, error_code: 400, description: "Bad Request: invalid file_id" });
        return json(res, 200, {
          ok: true,
          result: {
            file_id: id,
            file_unique_id: id,
            file_size: files.get(`files/${id}`)!.length,
            file_path: `files/${id}`,
          },
        });
      }
      default:
        return json(res, 404, { ok: false, error_code: 404, description: "Not Found: method not found" });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** The webhook setWebhook set: where and with what secret Telegram would post. */
    webhook,
    /** An update as Telegram posts it to a webhook (the same shape getUpdates answers). */
    update(chatId: number, message: object) {
      return {
        update_id: nextId++,
        message: {
          message_id: nextMessage++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: "private" },
          ...message,
        },
      };
    },
    sent,
    calls,
    putFile: (fileId: string, bytes: Buffer) => void files.set(`files/${fileId}`, bytes),
    /** Files are served this late (a stalled download). */
    slowFiles: (ms: number) => {
      fileDelayMs = ms;
    },
    /** A person writes to the bot in a private chat. */
    send(chatId: number, message: object) {
      const update = {
        update_id: nextId++,
        message: {
          message_id: nextMessage++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: "private" },
          ...message,
        },
      };
      updates.push(update);
      if (polling && update.update_id >= polling.offset) polling.answer();
      return update.update_id;
    },
    /** The bot's answers to one chat, waited for until there are `n`. */
    async repliesTo(chatId: number, n: number, ms = 10_000) {
      const until = Date.now() + ms;
      for (;;) {
        const mine = sent.filter((s) => s.chat_id === chatId).map((s) => s.text);
        if (mine.length >= n) return mine;
        if (Date.now() > until) throw new Error(`expected ${n} replies to ${chatId}, got ${mine.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        polling?.answer();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** https://core.telegram.org/bots/api#html-style: the tags a message may use. */
const TAG =
  /^<\/?(b|strong|i|em|u|ins|s|strike|del|tg-spoiler|code|pre|blockquote)>$|^<span class="tg-spoiler">$|^<\/span>$|^<a href="[^"<>]*">$|^<\/a>$/;
const ENTITY = /^&(lt|gt|amp|quot|#\d+|#x[0-9a-f]+);/i;
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };

/** The text an HTML-formatted message shows, or null where Telegram refuses to parse it. */
export function parseHtml(html: string): string | null {
  let out = "";
  for (let i = 0; i < html.length; ) {
    const c = html[i]!;
    if (c === "<") {
      const end = html.indexOf(">", i);
      if (end < 0 || !TAG.test(html.slice(i, end + 1))) return null;
      i = end + 1;
    } else if (c === "&") {
      const m = ENTITY.exec(html.slice(i));
      if (!m) return null;
      const name = m[1]!.toLowerCase();
      out +=
        NAMED[name] ??
        String.fromCodePoint(Number(name.startsWith("#x") ? `0x${name.slice(2)}` : name.slice(1)));
      i += m[0].length;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}
