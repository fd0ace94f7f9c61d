import { createCipheriv, createDecipheriv, createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for WeChat: its API (access tokens and temporary media) on 127.0.0.1, and its side
 * of the 公众号's 服务器配置 (signed, and in 安全模式 encrypted, XML). Built from:
 * - https://developers.weixin.qq.com/doc/offiaccount/Basic_Information/Get_access_token.html
 *   GET /cgi-bin/token?grant_type=client_credential&appid=APPID&secret=APPSECRET
 *   → {"access_token","expires_in":7200}, or {"errcode":40013 | 40125 | 40002,"errmsg"}
 * - https://developers.weixin.qq.com/doc/offiaccount/Asset_Management/Get_temporary_materials.html
 *   GET /cgi-bin/media/get?access_token=ACCESS_TOKEN&media_id=MEDIA_ID → the file, or
 *   {"errcode":40001 | 42001 | 40007,"errmsg"}; https://developers.weixin.qq.com/doc/offiaccount/Getting_Started/Global_Return_Code.html
 * - https://developers.weixin.qq.com/doc/offiaccount/Basic_Information/Access_Overview.html (signature)
 * - https://developers.weixin.qq.com/doc/offiaccount/Message_Management/Message_encryption_and_decryption_instructions.html
 * It checks what we send: a wrong appid, secret, grant type or token is refused as WeChat would.
 */
export async function startWechatStandIn(account: { appId: string; appSecret: string }) {
  const media = new Map<string, { bytes: Buffer; type: string }>();
  const calls = { token: 0, media: 0, refusedTokens: 0 };
  let current: string | null = null;
  let issued = 0;
  let mediaDelayMs = 0;
  /** Media answered with a redirect elsewhere (not WeChat's way: its API answers itself). */
  const moved = new Set<string>();
  const json = (res: import("node:http").ServerResponse, body: unknown) => {
    // WeChat answers its errors with 200 and a JSON body (text/plain on some calls)
    res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const q = url.searchParams;
    if (req.method === "GET" && url.pathname === "/cgi-bin/token") {
      calls.token++;
      if (q.get("grant_type") !== "client_credential")
        return json(res, { errcode: 40002, errmsg: "invalid grant_type" });
      if (q.get("appid") !== account.appId) return json(res, { errcode: 40013, errmsg: "invalid appid" });
      if (q.get("secret") !== account.appSecret)
        return json(res, { errcode: 40125, errmsg: "invalid appsecret" });
      current = `ACCESS_TOKEN_${++issued}`;
      return json(res, { access_token: current, expires_in: 7200 });
    }
    if (req.method === "GET" && url.pathname === "/cgi-bin/media/get") {
      calls.media++;
      const token = q.get("access_token");
      if (!token || (token !== current && !token.startsWith("ACCESS_TOKEN_"))) {
        calls.refusedTokens++;
        return json(res, {
          errcode: 40001,
          errmsg: "invalid credential, access_token is invalid or not latest",
        });
      }
      if (token !== current) {
        calls.refusedTokens++;
        return json(res, { errcode: 42001, errmsg: "access_token expired" });
      }
      const file = media.get(q.get("media_id") ?? "");
      if (!file) return json(res, { errcode: 40007, errmsg: "invalid media_id" });
      if (moved.has(q.get("media_id")!)) {
        res.writeHead(302, { Location: `/elsewhere/${q.get("media_id")}` });
        return res.end();
      }
      setTimeout(() => {
        res.writeHead(200, {
          "Content-Type": file.type,
          "Content-disposition": `attachment; filename="${q.get("media_id")}"`,
          "Content-Length": file.bytes.length,
        });
        res.end(file.bytes);
      }, mediaDelayMs);
      return;
    }
    const elsewhere = /^\/elsewhere\/(.+)$/.exec(url.pathname);
    const away = elsewhere ? media.get(elsewhere[1]!) : undefined;
    if (away) {
      res.writeHead(200, { "Content-Type": away.type, "Content-Length": away.bytes.length });
      return res.end(away.bytes);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    /** A file a follower sent, as WeChat keeps it for 3 days under its MediaId. */
    putMedia: (id: string, bytes: Buffer, type: string) => void media.set(id, { bytes, type }),
    /** WeChat ends the token early (another fetch elsewhere, or its expiry): media calls get 42001. */
    expireToken: () => {
      current = null;
    },
    /** The medium's request is answered with a redirect to another address serving it. */
    moveMedia: (id: string) => void moved.add(id),
    slowMedia: (ms: number) => {
      mediaDelayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type WechatAccount = { token: string; appId: string; encodingAesKey: string; ghId: string };

const sha1 = (parts: string[]) => createHash("sha1").update(parts.toSorted().join("")).digest("hex");
const cdata = (v: string) => `<![CDATA[${v}]]>`;

/** A follower's message as WeChat's XML: strings in CDATA, numbers bare (Receiving_standard_messages). */
export const messageXml = (fields: Record<string, string | number>) =>
  `<xml>${Object.entries(fields)
    .map(([k, v]) => `<${k}>${typeof v === "number" ? v : cdata(v)}</${k}>`)
    .join("")}</xml>`;

/** The one field of an answer's XML (CDATA or bare). */
export const field = (xml: string, name: string) =>
  new RegExp(`<${name}>(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))</${name}>`)
    .exec(xml)
    ?.slice(1)
    .find((v) => v !== undefined);

const aesKeyOf = (account: WechatAccount) => Buffer.from(`${account.encodingAesKey}=`, "base64");

/** msg_encrypt = Base64(AES-256-CBC(random(16B) + msg_len(4B, network order) + msg + appid)), PKCS#7 to 32-byte blocks. */
export function wechatEncrypt(account: WechatAccount, message: string, random: Buffer): string {
  const key = aesKeyOf(account);
  const msg = Buffer.from(message);
  const len = Buffer.from([
    msg.length >>> 24,
    (msg.length >>> 16) & 0xff,
    (msg.length >>> 8) & 0xff,
    msg.length & 0xff,
  ]);
  const text = Buffer.concat([random, len, msg, Buffer.from(account.appId)]);
  const amount = 32 - (text.length % 32);
  const cipher = createCipheriv("aes-256-cbc", key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([
    cipher.update(Buffer.concat([text, Buffer.alloc(amount, amount)])),
    cipher.final(),
  ]).toString("base64");
}

export function wechatDecrypt(account: WechatAccount, encrypted: string): { message: string; appId: string } {
  const key = aesKeyOf(account);
  const decipher = createDecipheriv("aes-256-cbc", key, key.subarray(0, 16));
  decipher.setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(Buffer.from(encrypted, "base64")), decipher.final()]);
  const unpadded = plain.subarray(0, plain.length - plain[plain.length - 1]!);
  const len = unpadded.readUInt32BE(16);
  return {
    message: unpadded.subarray(20, 20 + len).toString(),
    appId: unpadded.subarray(20 + len).toString(),
  };
}

/**
 * WeChat's request for one message: the URL's query (signature = sha1 of token, timestamp and nonce
 * sorted; in 安全模式 also msg_signature over Encrypt) and the body.
 */
export function wechatRequest(
  account: WechatAccount,
  xml: string,
  opts: { mode: "plain" | "aes"; openid: string; timestamp?: number; nonce?: string; badSignature?: boolean },
) {
  const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = opts.nonce ?? String(Math.floor(Math.random() * 1e9));
  const signature = opts.badSignature ? "0".repeat(40) : sha1([account.token, timestamp, nonce]);
  const query = new URLSearchParams({ signature, timestamp, nonce, openid: opts.openid });
  if (opts.mode === "plain") return { query: query.toString(), body: xml };
  const encrypt = wechatEncrypt(
    account,
    xml,
    Buffer.from(Math.random().toString(36).padEnd(18, "0").slice(2, 18)),
  );
  query.set("encrypt_type", "aes");
  query.set("msg_signature", sha1([account.token, timestamp, nonce, encrypt]));
  return { query: query.toString(), body: messageXml({ ToUserName: account.ghId, Encrypt: encrypt }) };
}

export const wechatSha1 = sha1;
