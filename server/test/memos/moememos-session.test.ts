import { describe, expect, it } from "vitest";
import { makeImage, uploadFile } from "../attachments/helpers.ts";
import { call, onOneDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";
import { expectMemosWire } from "./wire-rules.ts";

/**
 * MoeMemos' session replayed call by call, as its public source makes them (iOS
 * Packages/Services/Sources/MemosV1Service, Android data/api/MemosV1Api.kt and
 * data/repository/MemosV1Repository.kt): version detection, sign-in, the paged list with its
 * filter, an upload then a memo naming it, edits, archive, delete; then the web clipper's create
 * with memoId. Every answer is held to every wire rule (wire-rules.ts).
 */
onOneDatabase((ctx: TestCtx) => {
  const v1 = (user: TestUser | null, method: string, path: string, body?: unknown) =>
    call(ctx, method, path, {
      ...(user ? { token: user.token } : {}),
      ...(body === undefined ? {} : { body }),
    });
  const accessToken = async (user: TestUser, scope: "capture" | "read" | "write") => {
    const res = await request(ctx, "createAccessToken", {
      token: user.token,
      body: { name: "MoeMemos", scope },
    });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; token: string };
  };
  const listOf = (user: TestUser, n: string, state: "NORMAL" | "ARCHIVED", pageToken = "", pageSize = 200) =>
    v1(
      user,
      "GET",
      `/api/v1/memos?${new URLSearchParams({ pageSize: String(pageSize), pageToken, state, filter: `creator == "users/${n}"` })}`,
    );

  it("signs in, lists, creates with a picture, edits, archives and deletes as MoeMemos does", async () => {
    const user = await registerUser(ctx);
    // MoeMemos signs in with a token pasted from 访问令牌 (读写)
    const phone = { ...user, token: (await accessToken(user, "write")).token };

    // detectMemosVersion: the pre-0.22 status first (must not answer a version), then the profile
    const status = expectMemosWire(await v1(null, "GET", "/api/v1/status"), 404);
    expect(status.code).toBe(5);
    const profile = expectMemosWire(await v1(null, "GET", "/api/v1/instance/profile"), 200);
    expect(profile).toMatchObject({ version: "0.29.1", demo: false, commit: "" });
    expect(profile.version).toMatch(/^\d+\.\d+\.\d+$/);

    // loginMemosV1 → getCurrentUser: auth/me, then the GENERAL setting of the name it gave
    const me = expectMemosWire(await v1(phone, "GET", "/api/v1/auth/me"), 200).user;
    expect(me).toMatchObject({ role: "USER", username: user.account, email: user.account, state: "NORMAL" });
    const n = /^users\/(\d+)$/.exec(me.name)![1]!;
    const setting = expectMemosWire(await v1(phone, "GET", `/api/v1/users/${n}/settings/GENERAL`), 200);
    expect(setting.generalSetting.memoVisibility).toBe("PRIVATE");
    const bad = expectMemosWire(await call(ctx, "GET", "/api/v1/auth/me", { token: "x".repeat(43) }), 401);
    expect(bad.code).toBe(16);

    // listMemos: empty is [] and an empty token
    expect(expectMemosWire(await listOf(phone, n, "NORMAL"), 200)).toEqual({ memos: [], nextPageToken: "" });

    // createResource (no memo yet), then createMemo naming it, with Android's fractional time
    const png = await makeImage("png");
    const file = expectMemosWire(
      await v1(phone, "POST", "/api/v1/attachments", {
        filename: "猫.png",
        type: "image/png",
        content: png.toString("base64"),
      }),
      200,
    );
    expect(file.name).toMatch(/^attachments\/[0-9a-f-]{36}$/);
    expect(file.memo).toBeUndefined();
    const writtenAt = new Date(Date.now() - 3_600_000);
    writtenAt.setUTCMilliseconds(789);
    const created = expectMemosWire(
      await v1(phone, "POST", "/api/v1/memos", {
        content: "今天读完了 #读书/小说",
        visibility: "PRIVATE",
        attachments: [{ name: file.name }],
        createTime: writtenAt.toISOString(),
      }),
      200,
    );
    expect(created).toMatchObject({
      state: "NORMAL",
      creator: `users/${n}`,
      visibility: "PRIVATE",
      tags: ["读书/小说"],
      createTime: `${writtenAt.toISOString().slice(0, 19)}Z`,
      relations: [],
      reactions: [],
    });
    expect(created.attachments).toEqual([{ ...file, memo: created.name }]);
    const uid = created.name.slice("memos/".length);

    // the picture, to the Bearer only
    const url = `/file/${file.name}/${encodeURIComponent(file.filename)}`;
    const bytes = await v1(phone, "GET", url);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get("content-type")).toBe("image/png");
    expect(Number(bytes.headers.get("content-length"))).toBe(Number(file.size));
    expectMemosWire(await v1(null, "GET", url), 401);

    // more memos, then the paged list: MoeMemos follows nextPageToken until it is empty
    for (const words of ["第二条", "第三条"])
      expectMemosWire(await v1(phone, "POST", "/api/v1/memos", { content: words }), 200);
    const first = expectMemosWire(await listOf(phone, n, "NORMAL", "", 2), 200);
    expect(first.memos).toHaveLength(2);
    expect(first.nextPageToken).not.toBe("");
    const second = expectMemosWire(await listOf(phone, n, "NORMAL", first.nextPageToken, 2), 200);
    expect(second.nextPageToken).toBe("");
    expect([...first.memos, ...second.memos].map((m: { content: string }) => m.content)).toEqual([
      "第三条",
      "第二条",
      "今天读完了 #读书/小说",
    ]);
    // re-read: the same bytes for the same memo
    const again = expectMemosWire(await v1(phone, "GET", `/api/v1/memos/${uid}`), 200);
    expect(JSON.stringify(again)).toBe(JSON.stringify(second.memos[0]));
    expect(again.createTime).toBe(created.createTime);

    // updateMemo as iOS sends it: no updateMask, the body's keys, a fractional updateTime
    const edited = expectMemosWire(
      await v1(phone, "PATCH", `/api/v1/memos/${uid}`, {
        updateTime: new Date().toISOString(),
        content: "今天读完了 #读书/小说 #推荐",
        visibility: "PRIVATE",
        pinned: true,
        attachments: [{ name: file.name }],
      }),
      200,
    );
    expect(edited).toMatchObject({
      pinned: true,
      tags: ["读书/小说", "推荐"],
      createTime: created.createTime,
    });
    expect(edited.attachments).toHaveLength(1);

    const tags = expectMemosWire(await v1(phone, "GET", `/api/v1/users/${n}:getStats`), 200);
    expect(tags).toMatchObject({
      tagCount: { "读书/小说": 1, 推荐: 1 },
      totalMemoCount: 3,
      pinnedMemos: [created.name],
    });

    // archiveMemo: state only; gone from NORMAL, listed under ARCHIVED and under 归档 in the app
    const archived = expectMemosWire(
      await v1(phone, "PATCH", `/api/v1/memos/${uid}`, { state: "ARCHIVED" }),
      200,
    );
    expect(archived.state).toBe("ARCHIVED");
    const normal = expectMemosWire(await listOf(phone, n, "NORMAL"), 200);
    expect(normal.memos.map((m: { name: string }) => m.name)).not.toContain(created.name);
    const archivedList = expectMemosWire(await listOf(phone, n, "ARCHIVED"), 200);
    expect(archivedList.memos.map((m: { name: string }) => m.name)).toEqual([created.name]);
    const idea = (await request(ctx, "feed", { token: user.token, query: { view: "archived" } })).body.data
      .items;
    expect(idea.map((i) => (i.type === "idea" ? i.content : i.title))).toEqual([
      "今天读完了 #读书/小说 #推荐",
    ]);
    expect(idea[0]!.archivedAt).toBeDefined();

    // listTags: getStats with its literal colon (archived memos are not counted)
    const stats = expectMemosWire(await v1(phone, "GET", `/api/v1/users/${n}:getStats`), 200);
    expect(stats.tagCount).toEqual({});

    // deleteMemo: to 回收站, in neither list
    expect(expectMemosWire(await v1(phone, "DELETE", `/api/v1/memos/${uid}`), 200)).toEqual({});
    expect(expectMemosWire(await listOf(phone, n, "ARCHIVED"), 200).memos).toEqual([]);
    expect(expectMemosWire(await listOf(phone, n, "NORMAL"), 200).memos).toHaveLength(2);
    expect(expectMemosWire(await v1(phone, "GET", `/api/v1/memos/${uid}`), 404).code).toBe(5);
    const trash = (await request(ctx, "listTrash", { token: user.token })).body.data.items;
    expect(trash.map((t) => t.type)).toEqual(["idea"]);
  });

  it("takes the web clipper's memoId once and answers 409 to a repeat", async () => {
    const user = await registerUser(ctx);
    const body = { content: "剪藏：https://example.cn/a #剪藏", visibility: "PRIVATE", state: "NORMAL" };
    const made = expectMemosWire(await v1(user, "POST", "/api/v1/memos?memoId=clip-2026-a1", body), 200);
    expect(made).toMatchObject({ name: "memos/clip-2026-a1", tags: ["剪藏"], property: { hasLink: true } });
    const read = expectMemosWire(await v1(user, "GET", "/api/v1/memos/clip-2026-a1"), 200);
    expect(JSON.stringify(read)).toBe(JSON.stringify(made));
    expect(expectMemosWire(await v1(user, "POST", "/api/v1/memos?memoId=clip-2026-a1", body), 409).code).toBe(
      6,
    );
    expectMemosWire(await v1(user, "POST", "/api/v1/memos?memoId=-bad-", body), 400);
    // another account may use the same memoId: uids are per account
    const other = await registerUser(ctx);
    expectMemosWire(await v1(other, "POST", "/api/v1/memos?memoId=clip-2026-a1", body), 200);
  });

  it("lets a 只读 token read and a 读写 token write, refuses 仅记录 and revoked tokens, in memos' shape", async () => {
    const user = await registerUser(ctx);
    const as = (token: string) => ({ ...user, token });
    const read = await accessToken(user, "read");
    const capture = await accessToken(user, "capture");
    const write = await accessToken(user, "write");
    const made = expectMemosWire(
      await v1(as(write.token), "POST", "/api/v1/memos", { content: "读写令牌记的" }),
      200,
    );
    expectMemosWire(await v1(as(read.token), "GET", `/api/v1/${made.name}`), 200);
    expectMemosWire(await v1(as(read.token), "GET", "/api/v1/auth/me"), 200);
    for (const [method, path, body] of [
      ["POST", "/api/v1/memos", { content: "只读令牌不能写" }],
      ["PATCH", `/api/v1/${made.name}`, { state: "ARCHIVED" }],
      ["DELETE", `/api/v1/${made.name}`, undefined],
      ["POST", "/api/v1/attachments", { filename: "a.png", content: "AAAA" }],
    ] as const) {
      expect(expectMemosWire(await v1(as(read.token), method, path, body), 403).code).toBe(7);
    }
    expect(expectMemosWire(await v1(as(capture.token), "GET", "/api/v1/memos"), 403).code).toBe(7);
    expect(
      expectMemosWire(await v1(as(capture.token), "POST", "/api/v1/memos", { content: "仅记录" }), 403).code,
    ).toBe(7);
    expect(
      (await request(ctx, "revokeAccessToken", { token: user.token, params: { id: write.id } })).status,
    ).toBe(200);
    expect(expectMemosWire(await v1(as(write.token), "GET", "/api/v1/auth/me"), 401).code).toBe(16);
    const still = expectMemosWire(await v1(as(read.token), "GET", `/api/v1/${made.name}`), 200);
    expect(still.state).toBe("NORMAL"); // nothing the refused calls asked for happened
  });

  it("lists an idea's files under its memo and an unattached one under none, and leaves a 批注's out, in 回收站 too", async () => {
    const user = await registerUser(ctx);
    const phone = { ...user, token: (await accessToken(user, "write")).token };
    const upload = async (name: string) => {
      const res = await uploadFile(ctx, user.token, await makeImage("png"), name);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return `attachments/${res.body.data!.id}`;
    };
    const [onIdea, onAnnotation, unattached] = [
      await upload("想法.png"),
      await upload("批注.png"),
      await upload("未用.png"),
    ];
    const idea = await request(ctx, "createIdea", {
      token: user.token,
      body: { content: "周末去学陶艺", attachmentIds: [onIdea.slice("attachments/".length)] },
    });
    const annotation = await request(ctx, "createAnnotation", {
      token: user.token,
      params: { id: idea.body.data.id },
      body: { content: "烧出来了", attachmentIds: [onAnnotation.slice("attachments/".length)] },
    });
    expect(annotation.status).toBe(201);
    const [memo] = expectMemosWire(await v1(phone, "GET", "/api/v1/memos"), 200).memos;
    const listed = async () =>
      expectMemosWire(await v1(phone, "GET", "/api/v1/attachments"), 200).attachments.map(
        (f: { name: string; memo?: string }) => [f.name, f.memo],
      );

    expect(await listed()).toEqual([
      [unattached, undefined],
      [onIdea, memo.name],
    ]);
    await request(ctx, "deleteIdea", { token: user.token, params: { id: idea.body.data.id } });
    expect((await listed()).map(([name]: [string]) => name)).not.toContain(onAnnotation);
  });

  describe("filters and paths", () => {
    it("understands the filters clients send and refuses others in memos' shape", async () => {
      const user = await registerUser(ctx);
      const n = /(\d+)$/.exec((await v1(user, "GET", "/api/v1/auth/me")).body.user.name)![1]!;
      expectMemosWire(await v1(user, "POST", "/api/v1/memos", { content: "一条" }), 200);
      const count = async (filter: string) =>
        expectMemosWire(await v1(user, "GET", `/api/v1/memos?${new URLSearchParams({ filter })}`), 200).memos
          .length;
      expect(await count(`creator == 'users/${n}'`)).toBe(1);
      expect(await count(`creator_id == ${n} && visibility in ["PRIVATE", "PUBLIC"]`)).toBe(1);
      expect(await count(`creator == "users/${n}0"`)).toBe(0);
      expect(await count(`visibility in ["PUBLIC", "PROTECTED"]`)).toBe(0);
      const refused = await v1(
        user,
        "GET",
        `/api/v1/memos?${new URLSearchParams({ filter: "content.contains('x')" })}`,
      );
      expect(expectMemosWire(refused, 400).code).toBe(3);
      expectMemosWire(await v1(user, "GET", "/api/v1/memos?orderBy=create_time%20asc"), 400);
      expectMemosWire(await v1(user, "GET", `/api/v1/users/${n}0/settings/GENERAL`), 404);
      expectMemosWire(await v1(user, "GET", "/api/v1/nothing/here"), 404);
      expectMemosWire(await v1(user, "GET", "/api/v1/memos/"), 404);
      expectMemosWire(await v1(user, "POST", "/api/v1/memos", { content: "   " }), 400);
    });
  });
});
