import { expect, it } from "vitest";
import { threadsWaitingForStart } from "../src/services/import/import-thread.ts";
import { onOneDatabase, registerUser, request } from "./helpers.ts";
import { previewed, settled } from "./import-helpers.ts";

const note = (name: string) => [{ name: `${name}.md`, bytes: `${name}的笔记` }];

onOneDatabase((ctx) => {
  it("a preview's thread waits for its start and runs the job; a cancelled or replaced preview lets it go", async () => {
    const user = await registerUser(ctx);
    const start = (id: string) =>
      request(ctx, "startImport", { token: user.token, params: { id }, body: {} });

    const first = await previewed(ctx, user, note("甲"));
    expect(threadsWaitingForStart()).toBe(1);
    expect((await start(first.jobId)).status).toBe(200);
    expect(threadsWaitingForStart()).toBe(0); // the job went to the thread that waited
    expect((await settled(ctx, user, first.jobId)).status).toBe("done");

    const cancelled = await previewed(ctx, user, note("乙"));
    expect(threadsWaitingForStart()).toBe(1);
    const cancel = await request(ctx, "cancelImport", { token: user.token, params: { id: cancelled.jobId } });
    expect(cancel.status).toBe(200);
    expect(threadsWaitingForStart()).toBe(0);

    // a newer preview replaces the person's older one, and its thread
    await previewed(ctx, user, note("丙"));
    const last = await previewed(ctx, user, note("丁"));
    expect(threadsWaitingForStart()).toBe(1);
    expect((await start(last.jobId)).status).toBe(200);
    expect(threadsWaitingForStart()).toBe(0);
    expect((await settled(ctx, user, last.jobId)).imported).toEqual({ ideas: 0, notes: 1, conversations: 0 });

    const titles = await ctx.db.query("SELECT title FROM notes WHERE user_id = $1 ORDER BY title", [user.id]);
    expect(titles.rows.map((r) => r.title)).toEqual(["丁", "甲"]);
  });
});
