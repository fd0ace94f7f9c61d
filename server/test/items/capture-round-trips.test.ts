import { expect, it } from "vitest";
import { onOneDatabase, registerUser } from "../helpers.ts";
import { proxiedApp } from "../row-counting-proxy.ts";

// Round trips are the same on any PostgreSQL: one database.
onOneDatabase((ctx) => {
  const proxied = proxiedApp(ctx);

  it("a capture is three statements: the session (with the settings it needs), the write limit, the INSERT; no files read when none were sent", async () => {
    const u = await registerUser(ctx);
    const { app, proxy } = proxied;
    const capture = async (body: object) => {
      proxy.rowsPerStatement.length = 0;
      const res = await app.request("/api/ideas", {
        method: "POST",
        headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { res, statements: proxy.rowsPerStatement.length, json: await res.json() };
    };
    const plain = await capture({ content: "想到一件事 #灵感" });
    expect(plain.res.status).toBe(201);
    expect(plain.json.data).toMatchObject({ content: "想到一件事 #灵感", tags: ["灵感"], attachments: [] });
    expect(plain.statements).toBe(3);
    // with a clientId the INSERT runs in a transaction (the tombstone check), still nothing before it
    const clientId = "5f1e8a8e-3a4b-4c1d-9e2f-0a1b2c3d4e5f";
    const first = await capture({ content: "再想一件", clientId });
    expect(first.res.status).toBe(201);
    // a repeat answers the saved idea, its files read again (the first capture may have had some)
    const repeat = await capture({ content: "再想一件", clientId });
    expect(repeat.res.status).toBe(200);
    expect(repeat.json.data).toMatchObject({ id: first.json.data.id, attachments: [] });
  });
});
