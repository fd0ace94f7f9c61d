import { createCipheriv, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { EXPORT_FILE_PREFIX, type WebdavStatus } from "@shinian/contract";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPasswordReset } from "../../src/accounts/password-reset.ts";
import { createApp } from "../../src/app.ts";
import type { AppDeps } from "../../src/context.ts";
import { lockUserExport } from "../../src/export/export.store.ts";
import { exportFileName } from "../../src/export/file-name.ts";
import { createLogger } from "../../src/logger.ts";
import { isLocalAddress } from "../../src/shared/address-guard.ts";
import { createBackgroundWork } from "../../src/shared/background-work.ts";
import { testWebdav, webdavClient } from "../../src/webdav/connection.ts";
import { resealStalePasswords } from "../../src/webdav/saved-password.ts";
import { runDueWebdav, UNREADABLE_PASSWORD } from "../../src/webdav/scheduler.ts";
import {
  claimDueWebdav,
  recordWebdavFailure,
  recordWebdavSuccess,
  stopWebdav,
} from "../../src/webdav/webdav.store.ts";
import {
  forEachDatabase,
  registerUser,
  request,
  type TestCtx,
  type TestUser,
  testConfig,
} from "../helpers.ts";
import { type LocalWebdav, startLocalWebdav } from "./local-webdav.ts";

const CJK = /[\u4e00-\u9fff]/;
const DAY = 24 * 3_600_000;
const ENV = { WEBDAV_SECRET_KEY: "test-key-for-webdav-passwords-0123456789", WEBDAV_ALLOW_LOCAL: "true" };

/** The app and the scheduler on one clock the test moves. */
function withClock(ctx: TestCtx) {
  const clock = { now: new Date("2026-11-20T02:00:00Z") }; // 10:00 Beijing time
  const deps = (): AppDeps => ({
    config: ctx.config,
    db: ctx.db,
    logger: createLogger("silent"),
    work: createBackgroundWork(),
    clock: () => clock.now,
  });
  const app = () => createApp(deps());
  return {
    clock,
    deps,
    ctx: (): TestCtx => ({ ...ctx, app: app() }),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
}

forEachDatabase((base) => {
  let dav: LocalWebdav;
  beforeAll(async () => {
    dav = await startLocalWebdav();
  });
  afterAll(() => dav.stop());

  /** A user whose backups go to a folder of their own, with the settings saved. */
  async function setUp(ctx: TestCtx, body: { frequency?: "off" | "daily" | "weekly"; keep?: number } = {}) {
    const user = await registerUser(ctx);
    const folder = `/backups-${user.id.slice(0, 8)}/`;
    await dav.client.createDirectory(folder);
    const res = await request(ctx, "updateWebdav", {
      token: user.token,
      body: {
        url: dav.root + folder.slice(1),
        username: dav.username,
        password: dav.password,
        accountPassword: user.password,
        ...body,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { user, folder, url: dav.root + folder.slice(1) };
  }

  /** Runs of other tests' users (this database is shared) are not due while this test moves its clock. */
  const onlyDue = (ctx: TestCtx, user: TestUser) =>
    ctx.db.query("UPDATE webdav_backups SET next_run_at = NULL WHERE user_id <> $1", [user.id]);

  const lastExportAt = async (ctx: TestCtx, user: TestUser) =>
    (await ctx.db.query("SELECT last_export_at FROM users WHERE id = $1", [user.id])).rows[0].last_export_at;

  it("saves the settings with the password encrypted, never answering it back", async () => {
    const ctx = base;
    const user = await registerUser(ctx);
    const url = `${dav.root}somewhere/`;
    const first = await request(ctx, "updateWebdav", { token: user.token, body: { url, username: "u" } });
    expect(first.status).toBe(400);
    expect(first.body.message).toBe("请填写应用密码");

    const password = "明文-app-password-42";
    const saved = await request(ctx, "updateWebdav", {
      token: user.token,
      body: { url, username: "u", password, frequency: "weekly", keep: 3, accountPassword: user.password },
    });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(password);
    expect(saved.body.data).toMatchObject({
      available: true,
      settings: { url, username: "u", frequency: "weekly", keep: 3 },
      lastSuccess: null,
      lastFailure: null,
    });
    // tonight's quiet hour, in Beijing time (03:00–03:59 is 19:00–19:59 UTC)
    expect(new Date(saved.body.data.nextRunAt!).getUTCHours()).toBe(19);
    const got = await request(ctx, "getWebdav", { token: user.token });
    expect(JSON.stringify(got.body)).not.toContain(password);

    const { rows } = await ctx.db.query("SELECT * FROM webdav_backups WHERE user_id = $1", [user.id]);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(password);
    expect(Buffer.from(rows[0].password_enc).includes(Buffer.from(password))).toBe(false);
    expect(rows[0].password_enc.length).toBeGreaterThan(Buffer.byteLength(password));

    // another address or user name needs the password again; the schedule alone does not
    const moved = await request(ctx, "updateWebdav", {
      token: user.token,
      body: { url: `${dav.root}elsewhere/` },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe("修改了地址或用户名，请重新填写应用密码");
    const off = await request(ctx, "updateWebdav", { token: user.token, body: { frequency: "off" } });
    expect(off.body.data).toMatchObject({ settings: { frequency: "off" }, nextRunAt: null });
    const kept = await ctx.db.query("SELECT password_enc FROM webdav_backups WHERE user_id = $1", [user.id]);
    expect(kept.rows[0].password_enc).toEqual(rows[0].password_enc);

    const removed = await request(ctx, "deleteWebdav", { token: user.token });
    expect(removed.body.data.settings).toBeNull();
    const gone = await ctx.db.query("SELECT 1 FROM webdav_backups WHERE user_id = $1", [user.id]);
    expect(gone.rowCount).toBe(0);
  });

  it("binds the sealed password to its address and user name; old-format and rotated-key ones still open, sealed anew", async () => {
    const ctx = base;
    const { user, url } = await setUp(ctx);
    const testSaved = (app = ctx) =>
      request(app, "testWebdav", { token: user.token, body: {} }).then((r) => r.body.data);
    const sealed = async () =>
      (await ctx.db.query("SELECT password_enc FROM webdav_backups WHERE user_id = $1", [user.id])).rows[0]
        .password_enc as Buffer;
    const good = await sealed();
    expect(good.subarray(0, 3)).toEqual(Buffer.from("SB\x02", "latin1"));

    // the row's address changed behind the settings' back: the password does not go there
    await ctx.db.query("UPDATE webdav_backups SET url = $2 WHERE user_id = $1", [user.id, `${url}x/`]);
    expect(await testSaved()).toEqual({ ok: false, message: UNREADABLE_PASSWORD });
    await ctx.db.query("UPDATE webdav_backups SET url = $2 WHERE user_id = $1", [user.id, url]);

    // the first format (iv, tag, ciphertext; the user id alone as associated data) still opens
    const legacy = (key: Buffer) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(Buffer.from(user.id));
      const body = Buffer.concat([cipher.update(dav.password, "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    };
    const setSealed = (value: Buffer) =>
      ctx.db.query("UPDATE webdav_backups SET password_enc = $2 WHERE user_id = $1", [user.id, value]);
    await setSealed(legacy(ctx.config.webdav.key!));
    expect((await testSaved()).ok).toBe(true);
    expect((await sealed()).subarray(0, 3)).toEqual(good.subarray(0, 3));

    // rotated: the previous key opens what it sealed, and the value is sealed under the new one
    const rotated = {
      ...ctx,
      config: testConfig({
        ...ENV,
        WEBDAV_SECRET_KEY: "another-key-for-webdav-passwords-987654",
        WEBDAV_SECRET_KEY_PREVIOUS: ENV.WEBDAV_SECRET_KEY,
      }),
    };
    rotated.app = createApp({ config: rotated.config, db: ctx.db, logger: createLogger("silent") });
    await setSealed(good);
    expect((await testSaved(rotated)).ok).toBe(true);
    const resealed = await sealed();
    expect(resealed.subarray(3, 7)).not.toEqual(good.subarray(3, 7));
    expect((await testSaved(rotated)).ok).toBe(true);
    // and the old key alone no longer opens it
    expect(await testSaved()).toEqual({ ok: false, message: UNREADABLE_PASSWORD });
  });

  it("seals every saved password under a new key, used or not (off, paused, old format), so the previous key can go", async () => {
    const ctx = base;
    const daily = await setUp(ctx, { frequency: "daily" });
    const off = await setUp(ctx, { frequency: "off" });
    const paused = await setUp(ctx, { frequency: "weekly" });
    await stopWebdav(ctx.db, paused.user.id, "暂停");
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", ctx.config.webdav.key!, iv).setAAD(Buffer.from(off.user.id));
    const body = Buffer.concat([cipher.update(dav.password, "utf8"), cipher.final()]);
    await ctx.db.query("UPDATE webdav_backups SET password_enc = $2 WHERE user_id = $1", [
      off.user.id,
      Buffer.concat([iv, cipher.getAuthTag(), body]),
    ]);
    const NEW_KEY = "another-key-for-webdav-passwords-987654";
    const rotated = testConfig({
      ...ENV,
      WEBDAV_SECRET_KEY: NEW_KEY,
      WEBDAV_SECRET_KEY_PREVIOUS: ENV.WEBDAV_SECRET_KEY,
    });
    const swept = await resealStalePasswords({ config: rotated, db: ctx.db });

    // the previous key dropped: every one of them still opens
    const newOnly = { ...ctx, config: testConfig({ ...ENV, WEBDAV_SECRET_KEY: NEW_KEY }) };
    newOnly.app = createApp({ config: newOnly.config, db: ctx.db, logger: createLogger("silent") });
    for (const { user } of [daily, off, paused]) {
      const tested = await request(newOnly, "testWebdav", { token: user.token, body: {} });
      expect(tested.body.data, user.id).toMatchObject({ ok: true });
    }
    expect(swept.resealed).toBeGreaterThanOrEqual(3);
    expect((await resealStalePasswords({ config: rotated, db: ctx.db })).resealed).toBe(0);
    // back under the test key, for the rest of this file
    const back = testConfig({ ...ENV, WEBDAV_SECRET_KEY_PREVIOUS: NEW_KEY });
    expect((await resealStalePasswords({ config: back, db: ctx.db })).resealed).toBeGreaterThanOrEqual(3);
  });

  it("sets or moves the target only with the account password, and shows when it last changed", async () => {
    const ctx = base;
    const user = await registerUser(ctx);
    const url = `${dav.root}target/`;
    const body = { url, username: dav.username, password: dav.password };
    const save = (extra: Record<string, unknown>) =>
      request(ctx, "updateWebdav", { token: user.token, body: { ...body, ...extra } });
    const missing = await save({});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("设置备份地址或用户名，请填写登录密码");
    const wrong = await save({ accountPassword: "not-the-password-1" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("登录密码不正确");
    expect((await request(ctx, "getWebdav", { token: user.token })).body.data.settings).toBeNull();

    const saved = await save({ accountPassword: user.password });
    expect(saved.status).toBe(200);
    const setAt = saved.body.data.targetChangedAt!;
    expect(Date.parse(setAt)).toBeGreaterThan(Date.now() - 60_000);
    // the schedule alone needs neither password, and the target did not change
    const kept = await request(ctx, "updateWebdav", { token: user.token, body: { keep: 4 } });
    expect(kept.body.data.targetChangedAt).toBe(setAt);
    const moved = await request(ctx, "updateWebdav", {
      token: user.token,
      body: { ...body, url: `${dav.root}moved/` },
    });
    expect(moved.body.message).toBe("设置备份地址或用户名，请填写登录密码");
    const movedOk = await save({ url: `${dav.root}moved/`, accountPassword: user.password });
    expect(movedOk.body.data.targetChangedAt! > setAt).toBe(true);
  });

  it("a password change or an operator's reset pauses the backup and says so; saved again with the password, the same schedule is back", async () => {
    const ctx = base;
    const { user, url } = await setUp(ctx, { frequency: "daily" });
    const newPassword = "Another-pass-2026-qz";
    const changed = await request(ctx, "changePassword", {
      token: user.token,
      body: { currentPassword: user.password, newPassword },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toContain("WebDAV 定时备份已暂停");
    let status = (await request(ctx, "getWebdav", { token: user.token })).body.data;
    // paused, the schedule kept for when it is turned on again
    expect(status).toMatchObject({ settings: { url, frequency: "daily" }, nextRunAt: null });
    expect(status.stopped?.message).toMatch(/^登录密码已修改，定时备份已暂停/);

    const run = await request(ctx, "runWebdav", { token: user.token });
    expect(run.status).toBe(409);
    expect(run.body.message).toBe("备份已暂停：请确认地址后，填写登录密码保存设置");
    // the frequency is not sent: the one kept is the one turned back on
    const turnOn = (accountPassword?: string) =>
      request(ctx, "updateWebdav", {
        token: user.token,
        body: { keep: 7, ...(accountPassword ? { accountPassword } : {}) },
      });
    expect((await turnOn()).body.message).toBe("重新开启备份，请填写登录密码");
    expect((await turnOn(user.password)).body.message).toBe("登录密码不正确");
    status = (await turnOn(newPassword)).body.data;
    expect(status.stopped).toBeNull();
    expect(status.settings?.frequency).toBe("daily");
    expect(status.nextRunAt).not.toBeNull();

    // the operator's reset link: the same
    const { token } = await createPasswordReset(ctx, user.id);
    const reset = await request(ctx, "resetPassword", {
      body: { token, newPassword: "Third-pass-2026-kw" },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(
      "密码已重置，请用新密码登录；WebDAV 定时备份已暂停，请到个人资料确认备份地址后重新开启",
    );
    const row = (await ctx.db.query("SELECT * FROM webdav_backups WHERE user_id = $1", [user.id])).rows[0];
    expect(row).toMatchObject({ frequency: "daily", next_run_at: null });
    expect(row.stopped_message).toMatch(/^登录密码已被重置，定时备份已暂停/);
  });

  it("a backup paused while it uploads is not scheduled again by its outcome, nor claimed", async () => {
    const ctx = base;
    const { user } = await setUp(ctx, { frequency: "daily" });
    await onlyDue(ctx, user);
    const now = new Date();
    await ctx.db.query("UPDATE webdav_backups SET next_run_at = $2 WHERE user_id = $1", [user.id, now]);
    const claim = (await claimDueWebdav(ctx.db, now, 60_000))!;
    expect(claim.user_id).toBe(user.id);
    await stopWebdav(ctx.db, user.id, "暂停");
    const later = new Date(now.getTime() + DAY);
    await recordWebdavSuccess(
      ctx.db,
      claim,
      { daily: later, weekly: later },
      { at: now, fileName: "a.zip", bytes: 1 },
    );
    const nextRun = async () =>
      (await ctx.db.query("SELECT next_run_at FROM webdav_backups WHERE user_id = $1", [user.id])).rows[0]
        .next_run_at;
    expect(await nextRun()).toBeNull();
    // a failure recorded for a claim taken before the pause: the same
    await ctx.db.query("UPDATE webdav_backups SET stopped_at = NULL, next_run_at = $2 WHERE user_id = $1", [
      user.id,
      now,
    ]);
    const again = (await claimDueWebdav(ctx.db, now, 60_000))!;
    await stopWebdav(ctx.db, user.id, "暂停");
    await recordWebdavFailure(ctx.db, again, { at: now, message: "失败", retryAt: later });
    expect(await nextRun()).toBeNull();
    // and a paused row left due (a lease running out) is not claimed
    await ctx.db.query("UPDATE webdav_backups SET next_run_at = $2 WHERE user_id = $1", [user.id, now]);
    expect(await claimDueWebdav(ctx.db, now, 60_000)).toBeUndefined();
  });

  it("tests the connection: good, wrong password, missing folder, nothing listening", async () => {
    const ctx = base;
    const { user, url } = await setUp(ctx);
    const test = (body: Record<string, string> = {}) =>
      request(ctx, "testWebdav", { token: user.token, body }).then((r) => r.body.data);
    expect(await test()).toEqual({ ok: true, message: "连接成功，可以备份到这个文件夹" });
    expect(await test({ url, username: dav.username, password: "wrong" })).toEqual({
      ok: false,
      message: "用户名或密码错误",
    });
    expect(
      await test({ url: `${dav.root}no-such-folder/`, username: dav.username, password: dav.password }),
    ).toEqual({ ok: false, message: "文件夹不存在，请先在网盘里建好这个文件夹" });
    // the saved password is not sent to an address it was not given for
    const elsewhere = await request(ctx, "testWebdav", {
      token: user.token,
      body: { url: `${dav.root}other/` },
    });
    expect(elsewhere.status).toBe(400);
    const closed = await test({ url: "http://127.0.0.1:9/dav/", username: "u", password: "p" });
    expect(closed).toEqual({ ok: false, message: "地址无法访问：服务器拒绝连接" });
  });

  it("测试连接 has a bucket of its own: past it 429 in Chinese, saving and other accounts unaffected", async () => {
    const ctx = base;
    const { user, url } = await setUp(ctx);
    const other = await registerUser(ctx);
    const probe = (token: string) =>
      request(ctx, "testWebdav", {
        token,
        body: { url: "http://127.0.0.1:9/", username: "u", password: "p" },
      });
    for (let i = 0; i < 6; i++) expect((await probe(user.token)).status).toBe(200);
    const refused = await probe(user.token);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^测试连接太频繁了，请 \d+ 秒后再试$/);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await probe(other.token)).status).toBe(200);
    const saved = await request(ctx, "updateWebdav", { token: user.token, body: { url, keep: 3 } });
    expect(saved.status).toBe(200);
  });

  it("refuses plain http and local addresses unless the server allows them, also behind a name", async () => {
    const strict = { ...base, config: testConfig({ WEBDAV_SECRET_KEY: ENV.WEBDAV_SECRET_KEY }) };
    strict.app = createApp({ config: strict.config, db: base.db, logger: createLogger("silent") });
    const user = await registerUser(strict);
    const save = (url: string) =>
      request(strict, "updateWebdav", { token: user.token, body: { url, username: "u", password: "p" } });
    expect((await save(dav.root)).body.message).toBe("为保护密码，WebDAV 地址须以 https:// 开头");
    for (const url of [
      "https://127.0.0.1/dav/",
      "https://[::1]/dav/",
      "https://192.168.1.5/",
      "https://localhost/",
    ]) {
      const res = await save(url);
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toBe("不能使用本机或内网的地址");
    }
    // past the address check, the connection itself refuses: a name that resolves here, an IP
    const config = strict.config.webdav;
    const viaName = dav.root.replace("127.0.0.1", "localhost");
    for (const url of [viaName, dav.root]) {
      const result = await testWebdav({ url, username: dav.username, password: dav.password }, config);
      expect(result, url).toEqual({ ok: false, message: "不能使用本机或内网的地址" });
    }
    const client = await webdavClient({ url: viaName, username: "u", password: "p" }, config);
    await expect(client.exists("/")).rejects.toThrow("refused to connect to a local address");
  });

  it("refuses every special-purpose address: NAT64, 6to4, IPv4-compatible, IANA's IPv4 blocks, this host's own", async () => {
    const special = [
      "64:ff9b::7f00:1", // NAT64 of 127.0.0.1
      "64:ff9b:1::a00:1", // local-use NAT64
      "2002:7f00:1::", // 6to4 of 127.0.0.1
      "::127.0.0.1", // IPv4-compatible
      "::ffff:169.254.169.254",
      "2001:db8::1",
      "192.0.0.8",
      "192.0.2.1",
      "198.18.0.1",
      "198.51.100.7",
      "203.0.113.9",
      "240.0.0.1",
      "255.255.255.255",
      ...Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((a) => a.address)),
    ];
    for (const address of special) expect(isLocalAddress(address), address).toBe(true);
    for (const address of ["8.8.8.8", "2400:3200::1", "1.1.1.1"]) {
      expect(isLocalAddress(address), address).toBe(false);
    }
    const strict = { ...base, config: testConfig({ WEBDAV_SECRET_KEY: ENV.WEBDAV_SECRET_KEY }) };
    strict.app = createApp({ config: strict.config, db: base.db, logger: createLogger("silent") });
    const user = await registerUser(strict);
    for (const url of [
      "https://[64:ff9b::7f00:1]/dav/",
      "https://[2002:a00:1::]/",
      "https://[::10.0.0.1]/",
    ]) {
      const res = await request(strict, "updateWebdav", {
        token: user.token,
        body: { url, username: "u", password: "p" },
      });
      expect(res.body.message, url).toBe("不能使用本机或内网的地址");
    }
  });

  it("says in Chinese that the server is not configured, and the rest works", async () => {
    const bare = { ...base, config: testConfig() };
    bare.app = createApp({ config: bare.config, db: base.db, logger: createLogger("silent") });
    const user = await registerUser(bare);
    const got = await request(bare, "getWebdav", { token: user.token });
    expect(got.body.data).toMatchObject({ available: false, settings: null });
    for (const res of [
      await request(bare, "updateWebdav", {
        token: user.token,
        body: { url: dav.root, username: "u", password: "p" },
      }),
      await request(bare, "testWebdav", { token: user.token, body: {} }),
      await request(bare, "runWebdav", { token: user.token }),
    ]) {
      expect(res.status).toBe(403);
      // the person is told whom to ask, never the operator's variable
      expect(res.body.message).toBe("本服务器未开启 WebDAV 备份，请联系管理员");
    }
    expect((await request(bare, "getProfile", { token: user.token })).status).toBe(200);
  });

  it("uploads the export, streamed, when the clock passes next_run_at; the cooldown neither blocks it nor moves", async () => {
    const t = withClock(base);
    const ctx = t.ctx();
    const { user, folder } = await setUp(ctx, { frequency: "daily" });
    await onlyDue(ctx, user);
    await request(ctx, "createIdea", { token: user.token, body: { content: "备份里的想法 🌱" } });
    // a download an hour ago: the cooldown is running
    await ctx.db.query("UPDATE users SET last_export_at = now() - interval '1 minute' WHERE id = $1", [
      user.id,
    ]);
    const cooldown = await lastExportAt(ctx, user);

    expect(await runDueWebdav(t.deps())).toBe(0); // not due yet
    t.advance(DAY);
    const putsBefore = dav.puts.length;
    expect(await runDueWebdav(t.deps())).toBe(1);

    const name = exportFileName(t.clock.now);
    expect(await dav.files(folder)).toEqual([name]);
    const put = dav.puts.slice(putsBefore).find((p) => p.path.includes(name))!;
    expect(put).toMatchObject({ contentLength: undefined, transferEncoding: "chunked" });
    const zip = (await dav.client.getFileContents(folder + name)) as Buffer;
    const files = unzipSync(new Uint8Array(zip));
    const data = JSON.parse(strFromU8(files["data.json"]!));
    expect(data.format).toMatch(/^shinian-export\//);
    expect(data.ideas.map((i: { content: string }) => i.content)).toEqual(["备份里的想法 🌱"]);

    const status = (await request(ctx, "getWebdav", { token: user.token })).body.data;
    expect(status.lastSuccess).toEqual({ at: t.clock.now.toISOString(), fileName: name, bytes: zip.length });
    expect(status.lastFailure).toBeNull();
    expect(new Date(status.nextRunAt!).getTime() - t.clock.now.getTime()).toBeLessThanOrEqual(DAY);
    expect(status.running).toBe(false);
    expect(await lastExportAt(ctx, user)).toEqual(cooldown);
    expect(await runDueWebdav(t.deps())).toBe(0); // done until tomorrow
  });

  it("keeps the newest N of its own zips and deletes no other file", async () => {
    const t = withClock(base);
    const ctx = t.ctx();
    const { user, folder } = await setUp(ctx, { frequency: "daily", keep: 2 });
    await onlyDue(ctx, user);
    const foreign = [
      "读书笔记.txt",
      `${EXPORT_FILE_PREFIX}说明.txt`,
      `${EXPORT_FILE_PREFIX}_20200101_030000.zip.bak`,
    ];
    const old = [`${EXPORT_FILE_PREFIX}_20200101_030000.zip`, `${EXPORT_FILE_PREFIX}_20200102_030000.zip`];
    const leftover = `${EXPORT_FILE_PREFIX}_20200103_030000.zip.uploading`;
    for (const name of [...foreign, ...old, leftover]) await dav.client.putFileContents(folder + name, "x");
    await dav.client.createDirectory(`${folder}${EXPORT_FILE_PREFIX}_20190101_030000.zip`);

    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      t.advance(DAY);
      expect(await runDueWebdav(t.deps())).toBe(1);
      made.push(exportFileName(t.clock.now));
    }
    expect(await dav.files(folder)).toEqual(
      [...foreign, ...made.slice(1), `${EXPORT_FILE_PREFIX}_20190101_030000.zip`].sort(),
    );
    const status = (await request(ctx, "getWebdav", { token: user.token })).body.data;
    expect(status.lastSuccess?.fileName).toBe(made[2]);
  });

  it("records a failure in Chinese with its time, retries with backoff, and a success clears it", async () => {
    const t = withClock(base);
    const ctx = t.ctx();
    const { user, folder } = await setUp(ctx, { frequency: "daily" });
    await onlyDue(ctx, user);
    t.advance(DAY);
    dav.refusePuts = 503;
    let status: WebdavStatus;
    try {
      expect(await runDueWebdav(t.deps())).toBe(1);
      const failedAt = t.clock.now;
      status = (await request(ctx, "getWebdav", { token: user.token })).body.data;
      expect(status.lastFailure).toEqual({
        at: failedAt.toISOString(),
        message: "WebDAV 服务器出错（HTTP 503）",
      });
      expect(new Date(status.nextRunAt!).getTime() - failedAt.getTime()).toBe(5 * 60_000);
      expect(await dav.files(folder)).toEqual([]);

      t.advance(5 * 60_000);
      expect(await runDueWebdav(t.deps())).toBe(1);
      status = (await request(ctx, "getWebdav", { token: user.token })).body.data;
      expect(new Date(status.nextRunAt!).getTime() - t.clock.now.getTime()).toBe(15 * 60_000);
    } finally {
      dav.refusePuts = null;
    }

    // the server is back: the next run succeeds and the failure is gone
    t.advance(15 * 60_000);
    expect(await runDueWebdav(t.deps())).toBe(1);
    status = (await request(ctx, "getWebdav", { token: user.token })).body.data;
    expect(status.lastFailure).toBeNull();
    expect(status.lastSuccess?.fileName).toBe(exportFileName(t.clock.now));
  });

  it("does not retry a refused password by itself, only once the settings change", async () => {
    const t = withClock(base);
    const ctx = t.ctx();
    const { user, url } = await setUp(ctx, { frequency: "daily" });
    await onlyDue(ctx, user);
    await request(ctx, "updateWebdav", {
      token: user.token,
      body: { url, username: dav.username, password: "no-longer-right" },
    });
    t.advance(DAY);
    expect(await runDueWebdav(t.deps())).toBe(1);
    const status = (await request(ctx, "getWebdav", { token: user.token })).body.data;
    expect(status.lastFailure).toEqual({ at: t.clock.now.toISOString(), message: "用户名或密码错误" });
    expect(status.lastFailure!.message).toMatch(CJK);
    expect(status.nextRunAt).toBeNull();
    t.advance(8 * DAY);
    expect(await runDueWebdav(t.deps())).toBe(0);

    const fixed = await request(ctx, "updateWebdav", {
      token: user.token,
      body: { url, username: dav.username, password: dav.password },
    });
    expect(fixed.body.data.nextRunAt).not.toBeNull();
  });

  it("a refused upload (网盘空间不足) leaves no partial file and keeps the backups there", async () => {
    const t = withClock(base);
    const ctx = t.ctx();
    const { user, folder } = await setUp(ctx, { frequency: "daily" });
    await onlyDue(ctx, user);
    t.advance(DAY);
    expect(await runDueWebdav(t.deps())).toBe(1);
    const first = exportFileName(t.clock.now);
    t.advance(DAY);
    dav.refusePuts = 507;
    try {
      expect(await runDueWebdav(t.deps())).toBe(1);
    } finally {
      dav.refusePuts = null;
    }
    expect(await dav.files(folder)).toEqual([first]);
    const status = (await request(ctx, "getWebdav", { token: user.token })).body.data;
    expect(status.lastFailure).toEqual({ at: t.clock.now.toISOString(), message: "网盘空间不足" });
    expect(status.lastSuccess?.fileName).toBe(first);
  });

  it("waits for the user's export slot without counting a failure, and runs once however many processes", async () => {
    const t = withClock(base);
    const ctx = t.ctx();
    const { user, folder } = await setUp(ctx, { frequency: "daily" });
    await onlyDue(ctx, user);
    t.advance(DAY);
    const holder = await ctx.db.connect();
    try {
      await holder.query("BEGIN");
      expect(await lockUserExport(holder, user.id)).toBe(true); // a download streaming
      expect(await runDueWebdav(t.deps())).toBe(1);
    } finally {
      await holder.query("ROLLBACK");
      holder.release();
    }
    const row = (await ctx.db.query("SELECT * FROM webdav_backups WHERE user_id = $1", [user.id])).rows[0];
    expect(row).toMatchObject({ failures: 0, last_failure_message: null, claim_id: null });
    expect(row.next_run_at.getTime() - t.clock.now.getTime()).toBe(5 * 60_000);

    t.advance(5 * 60_000);
    const ran = await Promise.all([runDueWebdav(t.deps()), runDueWebdav(t.deps()), runDueWebdav(t.deps())]);
    expect(ran.reduce((a, b) => a + b)).toBe(1);
    expect(await dav.files(folder)).toEqual([exportFileName(t.clock.now)]);
    const uploads = dav.puts.filter((p) => p.path.startsWith(folder));
    expect(uploads).toHaveLength(1);
  });

  it("立即备份 runs at once, ignoring the download cooldown, then not again for a while", async () => {
    const ctx = base;
    const { user, folder } = await setUp(ctx);
    await onlyDue(ctx, user);
    await ctx.db.query("UPDATE users SET last_export_at = now() WHERE id = $1", [user.id]);
    const cooldown = await lastExportAt(ctx, user);
    const started = await request(ctx, "runWebdav", { token: user.token });
    expect(started.status).toBe(202);
    let status = started.body.data;
    for (let i = 0; i < 100 && !status.lastSuccess; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await request(ctx, "getWebdav", { token: user.token })).body.data;
    }
    expect(status.lastSuccess?.fileName).toMatch(new RegExp(`^${EXPORT_FILE_PREFIX}_\\d{8}_\\d{6}\\.zip$`));
    expect(await dav.files(folder)).toEqual([status.lastSuccess!.fileName]);
    expect(status.nextRunAt).toBeNull(); // frequency 关闭: a one-off
    expect(await lastExportAt(ctx, user)).toEqual(cooldown);
    const again = await request(ctx, "runWebdav", { token: user.token });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^刚刚备份过，请 \d+ 分钟后再试$/);
  });
  it("立即备份 after a failure waits as after a success, is never retried with the schedule off, and is rate limited", async () => {
    const ctx = base;
    const { user } = await setUp(ctx);
    await onlyDue(ctx, user);
    dav.refusePuts = 507; // takes the whole zip, then refuses it
    let status: WebdavStatus;
    try {
      status = (await request(ctx, "runWebdav", { token: user.token })).body.data;
      for (let i = 0; i < 100 && !status.lastFailure; i++) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await request(ctx, "getWebdav", { token: user.token })).body.data;
      }
    } finally {
      dav.refusePuts = null;
    }
    expect(status.lastFailure?.message).toBe("网盘空间不足");
    expect(status.nextRunAt).toBeNull();
    const again = await request(ctx, "runWebdav", { token: user.token });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^刚刚备份过，请 \d+ 分钟后再试$/);
    // another address clears the failure shown, not the wait
    const moved = await request(ctx, "updateWebdav", {
      token: user.token,
      body: {
        url: `${dav.root}elsewhere/`,
        username: dav.username,
        password: dav.password,
        accountPassword: user.password,
      },
    });
    expect(moved.body.data.lastFailure).toBeNull();
    expect((await request(ctx, "runWebdav", { token: user.token })).body.message).toMatch(/^刚刚备份过/);

    let limited: { status: number; message?: string } | undefined;
    for (let i = 0; i < 30 && !limited; i++) {
      const { status, body } = await request(ctx, "runWebdav", { token: user.token });
      if (!body.message?.startsWith("刚刚备份过")) limited = { status, message: body.message };
    }
    expect(limited?.status).toBe(429);
    expect(limited?.message).toMatch(/^上传太频繁了，请 \d+ 秒后再试$/);
  });

  it("cuts off an upload its server stops taking, and meanwhile uploads another user's backup", async () => {
    // a server that takes the request and then reads nothing and never answers
    const held: import("node:http").IncomingMessage[] = [];
    const silent = createServer((req) => {
      req.pause();
      held.push(req);
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const stallMs = 800;
    const config = testConfig(ENV, { webdav: { stallMs, parallelUploads: 2 } });
    const t = withClock({ ...base, config });
    const ctx = t.ctx();
    try {
      const slow = await setUp(ctx, { frequency: "daily" });
      const good = await setUp(ctx, { frequency: "daily" });
      const slowUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/dav/`;
      await ctx.db.query("UPDATE webdav_backups SET next_run_at = NULL WHERE user_id <> ALL($1)", [
        [slow.user.id, good.user.id],
      ]);
      const moved = await request(ctx, "updateWebdav", {
        token: slow.user.token,
        body: { url: slowUrl, username: "u", password: "p", accountPassword: slow.user.password },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      // the slow one is due first: one upload at a time would keep the other waiting behind it
      await ctx.db.query(
        `UPDATE webdav_backups SET next_run_at = CASE WHEN user_id = $1 THEN $3 ELSE $4 END::timestamptz
          WHERE user_id IN ($1, $2)`,
        [slow.user.id, good.user.id, new Date(t.clock.now.getTime() - 1000), t.clock.now],
      );
      const started = Date.now();
      const run = runDueWebdav(t.deps());
      for (let i = 0; i < 200 && (await dav.files(good.folder)).length === 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await dav.files(good.folder)).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(stallMs);
      expect(await run).toBe(2);
      // the upload, then the clean-up of its partial file (given up after the stall time too)
      expect(held.map((req) => req.method)).toEqual(["PUT", "DELETE"]);
      expect(Date.now() - started).toBeLessThan(stallMs + 2000);
      const status = (await request(ctx, "getWebdav", { token: slow.user.token })).body.data;
      expect(status.lastFailure?.message).toBe("WebDAV 服务器长时间没有接收数据，上传已中断");
      expect(status.nextRunAt).not.toBeNull(); // tried again later
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("a lane that fails ends the sweep only once the other lanes' uploads have ended", async () => {
    const held: import("node:http").IncomingMessage[] = [];
    const silent = createServer((req) => {
      req.pause();
      held.push(req);
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const config = testConfig(ENV, { webdav: { stallMs: 800, parallelUploads: 2 } });
    const t = withClock({ ...base, config });
    const ctx = t.ctx();
    const failing = await setUp(ctx, { frequency: "daily" });
    // the outcome of this user's upload cannot be recorded: that lane throws
    await ctx.db.query(`CREATE FUNCTION webdav_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await ctx.db.query(`CREATE TRIGGER webdav_test_refuse BEFORE UPDATE ON webdav_backups FOR EACH ROW
      WHEN (NEW.user_id = '${failing.user.id}' AND OLD.claim_id IS NOT NULL AND NEW.claim_id IS NULL)
      EXECUTE FUNCTION webdav_test_refuse()`);
    try {
      const slow = await setUp(ctx, { frequency: "daily" });
      const slowUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/dav/`;
      const moved = await request(ctx, "updateWebdav", {
        token: slow.user.token,
        body: { url: slowUrl, username: "u", password: "p", accountPassword: slow.user.password },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      await ctx.db.query(
        `UPDATE webdav_backups SET next_run_at = CASE WHEN user_id = $1 THEN $3 ELSE $4 END::timestamptz
          WHERE user_id IN ($1, $2)`,
        [slow.user.id, failing.user.id, new Date(t.clock.now.getTime() - 1000), t.clock.now],
      );
      await ctx.db.query("UPDATE webdav_backups SET next_run_at = NULL WHERE user_id <> ALL($1)", [
        [slow.user.id, failing.user.id],
      ]);
      await expect(runDueWebdav(t.deps())).rejects.toThrow("refused by the test");
      // the slow upload had been cut off and its outcome recorded by then
      const row = (await ctx.db.query("SELECT * FROM webdav_backups WHERE user_id = $1", [slow.user.id]))
        .rows[0];
      expect(row.claim_id).toBeNull();
      expect(row.last_failure_message).toBe("WebDAV 服务器长时间没有接收数据，上传已中断");
    } finally {
      await ctx.db.query("DROP TRIGGER webdav_test_refuse ON webdav_backups");
      await ctx.db.query("DROP FUNCTION webdav_test_refuse()");
      await ctx.db.query("UPDATE webdav_backups SET claim_id = NULL, next_run_at = NULL WHERE user_id = $1", [
        failing.user.id,
      ]);
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("stops reading a response past its size limit, in Chinese", async () => {
    let sent = 0;
    const endless = createServer((_req, res) => {
      res.writeHead(207, { "content-type": "application/xml" });
      res.write('<?xml version="1.0"?><d:multistatus xmlns:d="DAV:"><d:response><d:href>/');
      const chunk = "x".repeat(64 * 1024);
      const more = () => {
        while (sent < 64 * 1024 * 1024 && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", more);
        }
        res.end();
      };
      more();
    });
    await new Promise<void>((resolve) => endless.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(endless.address() as AddressInfo).port}/dav/`;
      const result = await testWebdav({ url, username: "u", password: "p" }, base.config.webdav);
      expect(result).toEqual({
        ok: false,
        message: "WebDAV 服务器的回答太大（超过 2 MB），请确认这是 WebDAV 文件夹的地址",
      });
      expect(sent).toBeLessThan(16 * 1024 * 1024);
    } finally {
      endless.closeAllConnections();
      await new Promise((resolve) => endless.close(resolve));
    }
  });
}, ENV);
