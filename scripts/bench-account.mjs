// What both web benchmarks (bench-web.mjs, bench-ab.mjs) measure 首页 with: a server that answers,
// and an account with a self-introduction and 1,000 ideas, as after a while of use.

/** Waits until the server at `origin` answers /api/health (up to two minutes). */
export async function waitForServer(origin) {
  for (let i = 0; ; i++) {
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (i > 240) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Registers a new account and gives it 1,000 ideas; its token and user, to sign in the browser. */
export async function seedBenchAccount(origin) {
  const json = (res) => res.json();
  const { data: auth } = await fetch(`${origin}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      account: `bench${Date.now()}@example.com`,
      password: "bench-password-1",
      agreeTerms: true,
    }),
  }).then(json);
  const headers = { "Content-Type": "application/json", Authorization: `Bearer ${auth.token}` };
  const { data: user } = await fetch(`${origin}/api/profile`, {
    method: "PATCH",
    headers,
    // a returning person's 首页: the guide answered, 自动整理 chosen
    body: JSON.stringify({ identityDescription: "性能测试用户", settings: { autoTidy: false } }),
  }).then(json);
  const samples = [
    "今天想到一个关于产品设计的好点子",
    "周末去植物园拍银杏",
    "读完了一本关于城市规划的书",
    "晨跑五公里，感觉很好",
  ];
  for (let i = 0; i < 1000; i += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, j) =>
        fetch(`${origin}/api/ideas`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            content: `${samples[(i + j) % samples.length]}（第 ${i + j + 1} 条）`,
            tags: ["测试"],
          }),
        }).then((r) => r.arrayBuffer()),
      ),
    );
  }
  return { token: auth.token, user };
}
