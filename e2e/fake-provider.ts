// The e2e run's stand-in for an OpenAI-compatible provider (no real one is reachable here):
// the same wire protocol as the server tests' fake, with answers that depend on the request.
import { type Scripted, startFakeProvider, tokens } from "../server/test/fake-provider.ts";

const port = Number(process.env.FAKE_PROVIDER_PORT);

const json = (value: object): Scripted => ({ kind: "stream", chunks: tokens(JSON.stringify(value), 6) });

// "出错" questions fail on their first three calls: one ask with the server's two retries
const failures = new Map<string, number>();

const provider = await startFakeProvider((body) => {
  const system = body.messages[0]?.content ?? "";
  const question = body.messages.at(-1)?.content ?? "";
  if (system.includes("整理助手")) {
    return json({
      title: `整理：${question.slice(0, 8)}`,
      content: `（已整理）${question.trim()}`,
      tags: ["AI整理"],
    });
  }
  if (system.includes("写作助手")) {
    return json({ title: "AI 笔记：想法合集", content: `## 要点\n\n${question.slice(0, 200)}` });
  }
  // 演变: how the view changed, each point dated and cited, the contradiction named; [7] is outside
  if (system.includes("「演变」")) {
    return {
      kind: "stream",
      chunks: tokens(
        "标题：对拉坯的看法变了\n\n起初你写「泥总是歪」[1]，后来觉得「拉坯要稳」[2]。" +
          "最近你说「更喜欢手捏」[3]，和 [2] 前后不一，这是一个矛盾。还有 [7]。",
        4,
      ),
    };
  }
  // 周报/月报: a 洞察 over a week's or a month's dates
  if (system.includes("思考助手") && /\d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}/.test(system)) {
    return {
      kind: "stream",
      chunks: tokens("标题：读书和跑步的一周\n\n这一周你在读书 [1]，读完还去跑步 [2]。", 4),
    };
  }
  // 洞察: a report citing its records by number; [9] is outside any small scope (the server drops it)
  if (system.includes("思考助手")) {
    return {
      kind: "stream",
      chunks: tokens(
        "标题：陶艺里的变化\n\n一开始泥总是歪 [1]，后来学会要稳 [2]，最后更喜欢手捏 [3]。还有 [9]。",
        4,
      ),
    };
  }
  if (question.includes("出错") && (failures.get(question) ?? 0) < 3) {
    failures.set(question, (failures.get(question) ?? 0) + 1);
    return { kind: "status", status: 500, message: "upstream exploded" };
  }
  const first = /^\[1\] (?:想法|笔记)《(.+)》（/m.exec(system)?.[1];
  const answer = first
    ? `根据你的记录，你写过「${first}」[1]。这是本地测试模型的回答。`
    : "你还没有相关的记录。这是本地测试模型的回答。";
  // "慢" asks for a long, slow answer, so a test can press 停止 in the middle of it
  if (question.includes("慢"))
    return { kind: "stream", chunks: tokens("这是一个很长的回答，".repeat(40), 2), delayMs: 150 };
  return { kind: "stream", chunks: tokens(answer, 2), delayMs: 20 };
}, port);

console.log(`fake AI provider on ${provider.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void provider.close().then(() => process.exit(0)));
