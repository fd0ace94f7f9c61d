import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/**
 * Stand-ins for the push channels' vendors, one small HTTP server on 127.0.0.1, each path speaking
 * one vendor's documented protocol and CHECKING our request: its shape, and where the vendor signs,
 * the signature with the secret it was set up with. A request that differs is answered with the
 * vendor's own documented error JSON, as the real service answers it.
 *
 * - WeCom 群机器人: https://developer.work.weixin.qq.com/document/path/91770
 *   POST /cgi-bin/webhook/send?key=KEY, {"msgtype":"markdown","markdown":{"content":…}} (≤ 4096
 *   bytes); answers {"errcode":0,"errmsg":"ok"}, or e.g. {"errcode":93000,"errmsg":"invalid webhook url"}.
 * - Feishu custom bot: https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot
 *   POST /open-apis/bot/v2/hook/ID, {timestamp, sign, msg_type, content} (a body of 20 KB at most;
 *   a post's content as {post: {zh_cn: {title, content: [[{tag, text, href?}]]}}}); sign =
 *   base64(HMAC-SHA256(key = timestamp + "\n" + secret, message = "")), timestamp in seconds within
 *   an hour; answers {"code":0,"msg":"success","data":{}}, or {"code":19021,"msg":"sign match fail or
 *   timestamp is not within one hour from current time"}.
 * - DingTalk custom robot: https://open.dingtalk.com/document/robots/customize-robot-security-settings
 *   POST /robot/send?access_token=T&timestamp=MS&sign=S; S = urlencode(base64(HMAC-SHA256(key =
 *   secret, message = MS + "\n" + secret))); answers {"errcode":0,"errmsg":"ok"}, or
 *   {"errcode":310000,"errmsg":"sign not match"}.
 * - Bark: https://github.com/Finb/bark-server/blob/master/docs/API_V2.md
 *   POST /push, JSON {device_key, title, body, url}; answers {"code":200,"message":"success"}, or
 *   {"code":400,"message":"failed to get device token: …"}.
 * - Server酱 Turbo: https://sct.ftqq.com/ (API: https://sct.ftqq.com/sendkey)
 *   POST /<SendKey>.send with title and desp (form); answers {"code":0,"message":"",…}, or
 *   {"code":40001,"message":"bad pushkey"}.
 * - A plain webhook: Standard Webhooks, verified with the standardwebhooks package.
 */
export type VendorSecrets = {
  wecomKey: string;
  feishuSecret: string;
  dingtalkToken: string;
  dingtalkSecret: string;
  barkDeviceKey: string;
  sendKey: string;
  webhookSecret: string;
};

export type Got = {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: the vendor's JSON as sent, read by path in the checks
  json: any;
};

const HOUR_MS = 3_600_000;

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Feishu's post: {post: {zh_cn: {title, content}}}, content a list of paragraphs, each a list of
 * elements with a known tag (text: text; a: text and href).
 */
// biome-ignore lint/suspicious/noExplicitAny: the vendor's JSON as sent
function isFeishuPost(content: any): boolean {
  const post = content?.post?.zh_cn;
  if (typeof post?.title !== "string" || !Array.isArray(post.content)) return false;
  return post.content.every(
    // biome-ignore lint/suspicious/noExplicitAny: as above
    (p: any) =>
      Array.isArray(p) &&
      p.every(
        // biome-ignore lint/suspicious/noExplicitAny: as above
        (e: any) =>
          (e?.tag === "text" && typeof e.text === "string") ||
          (e?.tag === "a" && typeof e.text === "string" && typeof e.href === "string"),
      ),
  );
}

export async function startPushVendors(s: VendorSecrets) {
  const got: Record<"wecom" | "feishu" | "dingtalk" | "bark" | "serverchan" | "webhook", Got[]> = {
    wecom: [],
    feishu: [],
    dingtalk: [],
    bark: [],
    serverchan: [],
    webhook: [],
  };
  /** Scripted answers of one vendor before its documented ones: an HTTP status with a body (a bad day). */
  const outages: Record<string, { status: number; body: string }[]> = {};
  let lastKind = "";
  /** Run once as the vendor's next request has arrived, before it is answered. */
  const hooks: Record<string, () => void> = {};

  const answer = (url: URL, headers: IncomingHttpHeaders, body: string): [number, unknown] => {
    const json = (() => {
      try {
        return JSON.parse(body);
      } catch {
        return null;
      }
    })();
    const record = (kind: keyof typeof got) => {
      lastKind = kind;
      got[kind].push({ path: url.pathname, query: url.searchParams, headers, body, json });
    };
    const path = url.pathname;
    if (path === "/cgi-bin/webhook/send") {
      record("wecom");
      if (url.searchParams.get("key") !== s.wecomKey)
        return [200, { errcode: 93000, errmsg: "invalid webhook url, hint: [1] from ip: 127.0.0.1" }];
      const content = json?.markdown?.content;
      if (json?.msgtype !== "markdown" || typeof content !== "string" || !content)
        return [200, { errcode: 40008, errmsg: "invalid message type" }];
      if (Buffer.byteLength(content) > 4096)
        return [200, { errcode: 40058, errmsg: "markdown.content exceed max length 4096" }];
      return [200, { errcode: 0, errmsg: "ok" }];
    }
    if (path.startsWith("/open-apis/bot/v2/hook/")) {
      record("feishu");
      // "请求体大小不能超过 20 K" (the custom bot's limits)
      if (Buffer.byteLength(body) > 20 * 1024)
        return [200, { code: 9499, msg: "request body is too large, must be at most 20K", data: {} }];
      const ts = Number(json?.timestamp);
      const expected = createHmac("sha256", `${json?.timestamp}\n${s.feishuSecret}`)
        .update("")
        .digest("base64");
      if (
        typeof json?.sign !== "string" ||
        !Number.isInteger(ts) ||
        Math.abs(Date.now() - ts * 1000) > HOUR_MS ||
        !sameText(json.sign, expected)
      )
        return [
          200,
          {
            code: 19021,
            msg: "sign match fail or timestamp is not within one hour from current time",
            data: {},
          },
        ];
      if (!["text", "post", "interactive"].includes(json.msg_type) || typeof json.content !== "object")
        return [200, { code: 9499, msg: "Bad Request", data: {} }];
      if (json.msg_type === "post" && !isFeishuPost(json.content))
        return [200, { code: 9499, msg: "Bad Request", data: {} }];
      return [200, { code: 0, msg: "success", data: {} }];
    }
    if (path === "/robot/send") {
      record("dingtalk");
      if (url.searchParams.get("access_token") !== s.dingtalkToken)
        return [200, { errcode: 300001, errmsg: "token is not exist" }];
      const ts = url.searchParams.get("timestamp") ?? "";
      // the raw query value, as sent: the sign must be URL-encoded exactly (+, / and = of base64 too)
      const sign = /[?&]sign=([^&]*)/.exec(url.search)?.[1] ?? "";
      const expected = createHmac("sha256", s.dingtalkSecret)
        .update(`${ts}\n${s.dingtalkSecret}`)
        .digest("base64");
      if (
        !/^\d{13}$/.test(ts) ||
        Math.abs(Date.now() - Number(ts)) > HOUR_MS ||
        !sameText(sign, encodeURIComponent(expected))
      )
        return [
          200,
          {
            errcode: 310000,
            errmsg: "sign not match, more: [https://ding-doc.dingtalk.com/doc#/serverapi2/qf2nxq]",
          },
        ];
      if (json?.msgtype !== "markdown" || !json.markdown?.title || !json.markdown?.text)
        return [200, { errcode: 40035, errmsg: "缺少参数 json" }];
      return [200, { errcode: 0, errmsg: "ok" }];
    }
    if (path === "/push") {
      record("bark");
      if (!String(headers["content-type"]).startsWith("application/json"))
        return [400, { code: 400, message: "request bind failed", timestamp: Date.now() }];
      if (json?.device_key !== s.barkDeviceKey)
        return [
          400,
          {
            code: 400,
            message: `failed to get device token: failed to get [${json?.device_key}] device token from database`,
            timestamp: Date.now(),
          },
        ];
      if (typeof json.title !== "string" || typeof json.body !== "string")
        return [400, { code: 400, message: "request bind failed", timestamp: Date.now() }];
      return [200, { code: 200, message: "success", timestamp: Date.now() }];
    }
    const sct = /^\/([^/]+)\.send$/.exec(path);
    if (sct) {
      record("serverchan");
      if (decodeURIComponent(sct[1]!) !== s.sendKey)
        return [200, { code: 40001, message: "bad pushkey", data: null }];
      const form = new URLSearchParams(body);
      if (
        !String(headers["content-type"]).startsWith("application/x-www-form-urlencoded") ||
        !form.get("title")
      )
        return [200, { code: 40002, message: "title 不能为空", data: null }];
      return [200, { code: 0, message: "", data: { pushid: "1", readkey: "r", error: "SUCCESS", errno: 0 } }];
    }
    if (path === "/hook") {
      record("webhook");
      try {
        new Webhook(s.webhookSecret).verify(body, headers as Record<string, string>);
      } catch {
        return [401, { error: "bad signature" }];
      }
      return [204, null];
    }
    return [404, { error: "no such path" }];
  };

  const server = createServer((req, res) => {
    // a vendor that never answers, and one that answers without end: our bounds, not theirs
    if (req.url === "/hang") return;
    if (req.url === "/endless") {
      res.writeHead(500, { "content-type": "text/plain" });
      const chunk = "出错了".repeat(1000);
      const more = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once("drain", more);
      };
      return more();
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const body = Buffer.concat(chunks).toString("utf8");
      lastKind = "";
      // every vendor's send is a POST; anything else is not a send at all
      const [status, json] =
        req.method === "POST" ? answer(url, req.headers, body) : [405, { error: "method not allowed" }];
      const hook = hooks[lastKind];
      if (hook) {
        delete hooks[lastKind];
        hook();
      }
      const outage = outages[lastKind]?.shift();
      res.statusCode = outage?.status ?? status;
      res.setHeader("content-type", "application/json");
      res.end(outage ? outage.body : json === null ? "" : JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    got,
    urls: {
      wecom: `${base}/cgi-bin/webhook/send?key=${s.wecomKey}`,
      feishu: `${base}/open-apis/bot/v2/hook/0f1e2d3c-hook`,
      dingtalk: `${base}/robot/send?access_token=${s.dingtalkToken}`,
      bark: base,
      webhook: `${base}/hook`,
    },
    /** The vendor's next answers are these, whatever was asked (then the documented ones again). */
    outage: (kind: keyof typeof got, ...answers: { status: number; body: string }[]) => {
      outages[kind] = [...(outages[kind] ?? []), ...answers];
    },
    /** `fn` runs as the vendor's next request arrives, before it is answered (a shutdown midway, say). */
    onNext: (kind: keyof typeof got, fn: () => void) => {
      hooks[kind] = fn;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
