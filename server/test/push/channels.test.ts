/**
 * Push channels (issue 34, item 1) against stand-ins of each vendor (../support/push-vendors.ts,
 * which cites the documentation each one follows and checks our request and signature):
 * - WeCom: https://developer.work.weixin.qq.com/document/path/91770
 * - Feishu: https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot
 * - DingTalk: https://open.dingtalk.com/document/robots/customize-robot-security-settings
 * - Bark: https://github.com/Finb/bark-server/blob/master/docs/API_V2.md
 * - Server酱: https://sct.ftqq.com/
 */
import type { PushTestResult } from "@shinian/contract";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { createLogger } from "../../src/logger.ts";
import type { PushMessage } from "../../src/push/message.ts";
import { post } from "../../src/push/post.ts";
import { findChannelRow } from "../../src/push/push.store.ts";
import { openConfig, resealStaleChannels } from "../../src/push/saved-config.ts";
import { requestFor } from "../../src/push/vendors.ts";
import { call, onOneDatabase, registerUser, request, type TestCtx, testConfig } from "../helpers.ts";
import { startPushVendors } from "../support/push-vendors.ts";

const SECRET_KEY = "push-test-key-0123456789abcdefghijklmn";
const SECRETS = {
  wecomKey: "693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa",
  feishuSecret: "nIMtb7r3N9pkXyXdtAbx6e",
  dingtalkToken: "c2b4a0e1d9f8access",
  dingtalkSecret: "SEC0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c6e8b0d2f4a6c8e0",
  barkDeviceKey: "Xy9bark0device1key",
  sendKey: "SCT123456TaBcDeFgHiJkLmN",
  webhookSecret: `whsec_${Buffer.alloc(32, 9).toString("base64")}`,
};

let vendors: Awaited<ReturnType<typeof startPushVendors>>;
beforeAll(async () => {
  vendors = await startPushVendors(SECRETS);
});
afterAll(() => vendors.close());

onOneDatabase((base) => {
  // Server酱's address is the server's, not the person's: pointed at the stand-in
  let ctx: TestCtx;
  beforeAll(() => {
    const config = testConfig(
      { SECRET_KEY, OUTBOUND_ALLOW_LOCAL: "true" },
      { push: { serverchanUrl: vendors.base } },
    );
    ctx = { ...base, config, app: createApp({ config, db: base.db, logger: createLogger("silent") }) };
  });

  const bodies = () => ({
    wecom: { kind: "wecom", name: "团队群", url: vendors.urls.wecom },
    feishu: { kind: "feishu", url: vendors.urls.feishu, secret: SECRETS.feishuSecret },
    dingtalk: { kind: "dingtalk", url: vendors.urls.dingtalk, secret: SECRETS.dingtalkSecret },
    bark: { kind: "bark", url: vendors.urls.bark, deviceKey: SECRETS.barkDeviceKey },
    serverchan: { kind: "serverchan", sendKey: SECRETS.sendKey },
    webhook: { kind: "webhook", url: vendors.urls.webhook, secret: SECRETS.webhookSecret },
  });
  const add = async (token: string, body: object) => {
    const res = await call(ctx, "POST", "/api/profile/push/channels", { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string; kind: string; target: string; secretSet: boolean };
  };
  const test = (token: string, id: string) => request(ctx, "testPushChannel", { token, params: { id } });
  const secretsIn = (text: string) =>
    [
      SECRETS.wecomKey,
      SECRETS.feishuSecret,
      "0f1e2d3c-hook",
      SECRETS.dingtalkToken,
      SECRETS.dingtalkSecret,
      SECRETS.barkDeviceKey,
      SECRETS.sendKey,
      SECRETS.webhookSecret,
    ].filter((s) => text.includes(s));

  it("发送测试消息 reaches each vendor shaped and signed as documented; no secret is ever answered", async () => {
    const u = await registerUser(ctx);
    const answers: string[] = [];
    for (const [kind, body] of Object.entries(bodies())) {
      const made = await add(u.token, body);
      answers.push(JSON.stringify(made));
      expect(made).toMatchObject({ kind, secretSet: kind !== "wecom" });
      const from = vendors.got[kind as keyof typeof vendors.got].length;
      const res = await test(u.token, made.id);
      answers.push(JSON.stringify(res.body));
      expect(res.status).toBe(200);
      expect(res.body.data, kind).toMatchObject({ ok: true, message: "测试消息已发送" });
      expect(res.body.data.channel).toMatchObject({ failures: 0, lastError: null, enabled: true });
      expect(vendors.got[kind as keyof typeof vendors.got].length, kind).toBe(from + 1);
    }
    const [wecom] = vendors.got.wecom.slice(-1);
    expect(wecom!.json.markdown.content).toContain("### 拾念测试消息");
    const [feishu] = vendors.got.feishu.slice(-1);
    expect(feishu!.json).toMatchObject({
      msg_type: "post",
      content: { post: { zh_cn: { title: "拾念测试消息" } } },
    });
    const [dingtalk] = vendors.got.dingtalk.slice(-1);
    expect(dingtalk!.json).toMatchObject({ msgtype: "markdown", markdown: { title: "拾念测试消息" } });
    const [bark] = vendors.got.bark.slice(-1);
    expect(bark!.json).toMatchObject({ device_key: SECRETS.barkDeviceKey, title: "拾念测试消息" });
    expect(bark!.json.url).toMatch(/\/profile$/);
    const [sct] = vendors.got.serverchan.slice(-1);
    expect(new URLSearchParams(sct!.body).get("title")).toBe("拾念测试消息");
    expect(JSON.parse(vendors.got.webhook.at(-1)!.body)).toMatchObject({ type: "push.test" });

    const listed = await request(ctx, "getPush", { token: u.token });
    answers.push(JSON.stringify(listed.body));
    expect(listed.body.data.settings).toEqual({ review: true, reviewAt: "08:30", digests: true });
    expect(listed.body.data.channels.map((c: { target: string }) => c.target)).toEqual(
      Array(6).fill(new URL(vendors.base).host).fill("sctapi.ftqq.com", 4, 5),
    );
    expect(secretsIn(answers.join("\n"))).toEqual([]);

    // stored sealed: the row holds none of them in clear, and opens for its own row only
    const id = listed.body.data.channels[1]!.id;
    const row = await findChannelRow(ctx.db, u.id, id);
    expect(secretsIn(row!.config_enc.toString("latin1"))).toEqual([]);
    expect(openConfig(ctx.config.push, row!.config_enc, { userId: u.id, channelId: id })?.secret).toBe(
      SECRETS.feishuSecret,
    );
    expect(
      openConfig(ctx.config.push, row!.config_enc, { userId: u.id, channelId: crypto.randomUUID() }),
    ).toBeNull();
  });

  it("a wrong secret or key: the vendor refuses, and the answer carries the vendor's own words", async () => {
    const u = await registerUser(ctx);
    const wrong = {
      wecom: { kind: "wecom", url: vendors.urls.wecom.replace(SECRETS.wecomKey, "not-the-key") },
      feishu: { kind: "feishu", url: vendors.urls.feishu, secret: "another-secret" },
      dingtalk: { kind: "dingtalk", url: vendors.urls.dingtalk, secret: "SECanother" },
      bark: { kind: "bark", url: vendors.urls.bark, deviceKey: "unknownDevice" },
      serverchan: { kind: "serverchan", sendKey: "SCTwrong" },
      webhook: {
        kind: "webhook",
        url: vendors.urls.webhook,
        secret: `whsec_${Buffer.alloc(32, 1).toString("base64")}`,
      },
    };
    const expected = {
      wecom: "发送失败：企业微信：invalid webhook url, hint: [1] from ip: 127.0.0.1（错误码 93000）",
      feishu:
        "发送失败：飞书：sign match fail or timestamp is not within one hour from current time（错误码 19021）",
      dingtalk:
        "发送失败：钉钉：sign not match, more: [https://ding-doc.dingtalk.com/doc#/serverapi2/qf2nxq]（错误码 310000）",
      bark: "发送失败：Bark：failed to get device token: failed to get [unknownDevice] device token from database（错误码 400）",
      serverchan: "发送失败：Server酱：bad pushkey（错误码 40001）",
      webhook: "发送失败：接收地址答复 HTTP 401",
    };
    // one user has six tests a burst (write limits): three each
    const users = [u, await registerUser(ctx)];
    for (const [i, [kind, body]] of Object.entries(wrong).entries()) {
      const who = users[i % 2]!;
      const made = await add(who.token, body);
      const res = await test(who.token, made.id);
      expect(res.status).toBe(200);
      expect(res.body.data.ok, kind).toBe(false);
      expect(res.body.data.message).toBe(expected[kind as keyof typeof expected]);
      expect(res.body.data.channel).toMatchObject({ failures: 1, enabled: true });
      expect(res.body.data.channel.lastError).toBe(
        expected[kind as keyof typeof expected].slice("发送失败：".length),
      );
    }
  });

  it("five failures in a row switch a channel off with the reason; fixed and tested, it is on again", async () => {
    const u = await registerUser(ctx);
    const made = await add(u.token, { kind: "feishu", url: vendors.urls.feishu, secret: "typo-secret" });
    let last: PushTestResult | undefined;
    for (let i = 0; i < 5; i++) last = (await test(u.token, made.id)).body.data;
    expect(last!.channel).toMatchObject({ enabled: false, failures: 5 });
    expect(last!.channel.disabledReason).toBe(
      "连续 5 次发送失败，已停用（最后一次：飞书：sign match fail or timestamp is not within one hour from current time（错误码 19021））。修好后点“发送测试消息”或重新启用",
    );
    const listed = (await request(ctx, "getPush", { token: u.token })).body.data.channels[0];
    expect(listed).toMatchObject({ enabled: false, disabledReason: last!.channel.disabledReason });

    const fixed = await request(ctx, "updatePushChannel", {
      token: u.token,
      params: { id: made.id },
      body: { secret: SECRETS.feishuSecret },
    });
    expect(fixed.body.data).toMatchObject({ enabled: false, secretSet: true });
    const again = (await test(u.token, made.id)).body.data;
    expect(again).toMatchObject({ ok: true, channel: { enabled: true, failures: 0, disabledReason: null } });

    // re-enabling by hand clears the count too
    const other = await add(u.token, { kind: "serverchan", sendKey: "SCTwrong" });
    await ctx.db.query(
      "UPDATE push_channels SET enabled = false, failures = 5, disabled_reason = 'x' WHERE id = $1",
      [other.id],
    );
    const on = await request(ctx, "updatePushChannel", {
      token: u.token,
      params: { id: other.id },
      body: { enabled: true },
    });
    expect(on.body.data).toMatchObject({ enabled: true, failures: 0, disabledReason: null, lastError: null });
  });

  it("Feishu's 20 KB: a long review is cut by bytes, long titles clipped; the stand-in refuses a body past 20 KB", async () => {
    const long = "很长的标题".repeat(400);
    const message: PushMessage = {
      type: "push.review",
      title: long,
      intro: "今天有 300 条记录等你回顾。",
      blocks: [
        {
          heading: null,
          entries: Array.from({ length: 300 }, (_, i) => ({
            text: `${long}${i}`,
            url: `https://example.com/ideas/${crypto.randomUUID()}`,
          })),
        },
      ],
      url: "https://example.com/review",
    };
    const req = requestFor("feishu", { url: vendors.urls.feishu, secret: SECRETS.feishuSecret }, message, {
      now: new Date(),
      serverchanUrl: vendors.base,
      msgId: "msg_x",
      telegram: null,
    });
    expect(Buffer.byteLength(req.body)).toBeLessThanOrEqual(20 * 1024);
    const zh = JSON.parse(req.body).content.post.zh_cn;
    expect(zh.title.length).toBeLessThanOrEqual(200);
    expect(zh.content.length).toBeGreaterThan(3);
    for (const line of zh.content) for (const part of line) expect(part.text.length).toBeLessThanOrEqual(200);
    expect(zh.content.at(-1)).toEqual([{ tag: "a", text: "打开拾念", href: "https://example.com/review" }]);
    const opts = { contentType: req.contentType, ...ctx.config.push, allowLocal: true };
    const taken = await post(req.url, req.body, opts);
    expect(taken.status === null ? null : JSON.parse(taken.text).code).toBe(0);

    // what the cap keeps off: a body past 20 KB, refused with Feishu's error JSON
    const big = JSON.parse(req.body);
    big.content.post.zh_cn.content.push([{ tag: "text", text: "多".repeat(8000) }]);
    const refused = await post(req.url, JSON.stringify(big), opts);
    expect(refused.status === null ? null : JSON.parse(refused.text).code).toBe(9499);
    // and a post not shaped as Feishu's (a paragraph that is not a list)
    big.content.post.zh_cn.content = ["一段文字"];
    const misshapen = await post(req.url, JSON.stringify(big), opts);
    expect(misshapen.status === null ? null : JSON.parse(misshapen.text).code).toBe(9499);
  });

  it("each channel takes so many sends a minute, across processes", async () => {
    const u = await registerUser(ctx);
    const made = await add(u.token, bodies().serverchan);
    await ctx.db.query("UPDATE push_channels SET window_start = now(), window_sent = $2 WHERE id = $1", [
      made.id,
      ctx.config.push.perChannelPerMinute,
    ]);
    const from = vendors.got.serverchan.length;
    const res = await test(u.token, made.id);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe("这个渠道发送太频繁了，请一分钟后再试");
    expect(vendors.got.serverchan.length).toBe(from);
    await ctx.db.query(
      "UPDATE push_channels SET window_start = now() - interval '61 seconds' WHERE id = $1",
      [made.id],
    );
    expect((await test(u.token, made.id)).body.data.ok).toBe(true);
  });

  it("bad input gets a Chinese 400 and stores nothing; another kind's field is refused", async () => {
    const u = await registerUser(ctx);
    for (const body of [
      { kind: "wecom", url: "ftp://qyapi.weixin.qq.com/x" },
      { kind: "webhook", url: vendors.urls.webhook, secret: "plain" },
      { kind: "bark", deviceKey: "" },
      { kind: "telegram", url: vendors.urls.wecom },
      { kind: "serverchan", sendKey: "sctp12345tAbCdEf" },
      // Bark's address pasted with the key and a message in it, or a query
      { kind: "bark", url: `${vendors.urls.bark}/${SECRETS.barkDeviceKey}/你好`, deviceKey: "k" },
      { kind: "bark", url: `${vendors.urls.bark}/?sound=bell`, deviceKey: "k" },
    ]) {
      const res = await call(ctx, "POST", "/api/profile/push/channels", { token: u.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
      if (body.kind === "bark" && "url" in body)
        expect(res.body.message).toContain("Bark 服务器地址只填到域名");
    }
    const bark = await add(u.token, bodies().bark);
    const barkEdit = await request(ctx, "updatePushChannel", {
      token: u.token,
      params: { id: bark.id },
      body: { url: `${vendors.urls.bark}/abc` },
    });
    expect(barkEdit.status).toBe(400);
    await request(ctx, "deletePushChannel", { token: u.token, params: { id: bark.id } });
    const made = await add(u.token, bodies().wecom);
    const res = await request(ctx, "updatePushChannel", {
      token: u.token,
      params: { id: made.id },
      body: { deviceKey: "abc" },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("团队群没有“deviceKey”这一项");
    expect((await request(ctx, "getPush", { token: u.token })).body.data.channels).toHaveLength(1);
    const deleted = await request(ctx, "deletePushChannel", { token: u.token, params: { id: made.id } });
    expect(deleted.status).toBe(200);
    expect((await request(ctx, "getPush", { token: u.token })).body.data.channels).toHaveLength(0);
  });

  it("the outbound guard: a local or private address is refused, at saving and where the socket connects", async () => {
    const strictConfig = testConfig({ SECRET_KEY });
    const strict: TestCtx = {
      ...ctx,
      config: strictConfig,
      app: createApp({ config: strictConfig, db: ctx.db, logger: createLogger("silent") }),
    };
    const u = await registerUser(strict);
    for (const [url, message] of [
      [vendors.urls.wecom, "接收地址须以 https:// 开头"],
      ["https://127.0.0.1/cgi-bin/webhook/send?key=k", "不能使用本机或内网的地址"],
      ["https://192.168.1.10/robot/send", "不能使用本机或内网的地址"],
      ["https://localhost/hook", "不能使用本机或内网的地址"],
    ]) {
      const res = await call(strict, "POST", "/api/profile/push/channels", {
        token: u.token,
        body: { kind: "dingtalk", url },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const port = new URL(vendors.base).port;
    const literal = await post(`https://127.0.0.1:${port}/push`, "{}", {
      contentType: "application/json",
      timeoutMs: 2_000,
      maxResponseBytes: 1024,
      allowLocal: false,
    });
    expect(literal).toEqual({ status: null, error: "不能连接本机或内网的地址" });
  });

  it("bounded: a channel that never answers is cut off at the timeout, an endless answer read only so far", async () => {
    const limits = { ...ctx.config.push, timeoutMs: 500 };
    const opts = { contentType: "application/json", ...limits, allowLocal: true };
    const started = Date.now();
    expect(await post(`${vendors.base}/hang`, "{}", opts)).toEqual({
      status: null,
      error: "推送渠道没有及时答复",
    });
    expect(Date.now() - started).toBeLessThan(3_000);
    const endless = await post(`${vendors.base}/endless`, "{}", opts);
    expect(endless.status).toBe(500);
    expect(Buffer.byteLength((endless as { text: string }).text)).toBeLessThanOrEqual(
      limits.maxResponseBytes,
    );
    // and what a person sees of it is a line, not the page
    const u = await registerUser(ctx);
    const made = await add(u.token, {
      kind: "webhook",
      url: `${vendors.base}/endless`,
      secret: SECRETS.webhookSecret,
    });
    const res = await test(u.token, made.id);
    expect(res.body.data).toMatchObject({ ok: false, message: "发送失败：接收地址答复 HTTP 500" });
  });

  it("a rotated SECRET_KEY: the sweep seals each channel again under the new key", async () => {
    const u = await registerUser(ctx);
    const made = await add(u.token, bodies().bark);
    const NEW_KEY = "another-push-key-0123456789abcdefghijklm";
    const n = await resealStaleChannels({
      config: testConfig({ SECRET_KEY: NEW_KEY, SECRET_KEY_PREVIOUS: SECRET_KEY }),
      db: ctx.db,
    });
    expect(n.resealed).toBeGreaterThanOrEqual(1);
    const row = await findChannelRow(ctx.db, u.id, made.id);
    expect(
      openConfig(testConfig({ SECRET_KEY: NEW_KEY }).push, row!.config_enc, {
        userId: u.id,
        channelId: made.id,
      })?.deviceKey,
    ).toBe(SECRETS.barkDeviceKey);
  });

  it("without SECRET_KEY pushes are off, and say so", async () => {
    const offConfig = testConfig();
    const off: TestCtx = {
      ...ctx,
      config: offConfig,
      app: createApp({ config: offConfig, db: ctx.db, logger: createLogger("silent") }),
    };
    const u = await registerUser(off);
    const got = await request(off, "getPush", { token: u.token });
    expect(got.body.data).toMatchObject({ available: false, message: expect.stringContaining("SECRET_KEY") });
    const res = await call(off, "POST", "/api/profile/push/channels", {
      token: u.token,
      body: bodies().serverchan,
    });
    expect(res.status).toBe(403);
  });
});
