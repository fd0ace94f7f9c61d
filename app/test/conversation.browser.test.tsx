import type { Conversation } from "@shinian/contract";
import { expect, onTestFinished, test } from "vitest";
import { type Locator, page } from "vitest/browser";
import { call } from "../src/api/client.ts";
import { renderConversation } from "./support/conversation-probe.tsx";
import { signUp } from "./support/session.ts";
import "../src/styles.css";

// useConversation against the real server and its (fake, local) AI provider. Each account starts
// with 4 points here: two replies at 2 points each.

const log = () => page.getByRole("log", { name: "对话内容" });
const box = () => page.getByRole("textbox", { name: "输入你的问题" });
const answers = () => log().getByRole("article", { name: "AI 回答" });
const questions = () => log().getByRole("article", { name: "你的提问" });
const bubbleText = (message: Locator) =>
  message.element().querySelector('[data-slot="chat-message-bubble"]')?.textContent ?? "";

async function ask(question: string) {
  await box().fill(question);
  await page.getByRole("button", { name: "发送" }).click();
}

/** Every text the streaming answer showed, in order, as a person watching it would have seen it. */
function watchStreamingAnswer() {
  const seen: string[] = [];
  const observer = new MutationObserver(() => {
    const streaming = document.querySelector('[aria-label="AI 回答"][aria-busy="true"]');
    const text = streaming?.querySelector('[data-slot="chat-message-bubble"]')?.textContent ?? "";
    if (text && !text.includes("正在思考") && seen.at(-1) !== text) seen.push(text);
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  onTestFinished(() => observer.disconnect());
  return seen;
}

test("a question streams an answer that grows, then ends with its sources and its cost", async () => {
  await signUp();
  await call("createIdea", { body: { content: "想读《百年孤独》" } });
  const balances: (number | undefined)[] = [];
  await renderConversation({ onBalance: (balance) => balances.push(balance) });
  const seen = watchStreamingAnswer();

  await ask("我想读什么书？");
  await expect.element(questions()).toMatchTextContent("我想读什么书？");
  await expect.element(box()).toHaveValue(""); // the server has the question
  const answer = answers();
  await expect.element(answer).toMatchTextContent("消耗 2 点");
  await expect.element(answer).toMatchTextContent("根据你的记录，你写过「想读《百年孤独》」");
  // the source, cited inline as [1] and listed below as a chip, both leading to the idea
  await expect.element(answer.getByRole("link", { name: "引用 1：想法：想读《百年孤独》" })).toBeVisible();
  await expect.element(answer.getByRole("link", { name: /^1\s*想法：\s*想读《百年孤独》$/ })).toBeVisible();
  expect(balances).toEqual([2]);

  // it came in pieces, each the one before and more, and ended as the whole answer
  const final = bubbleText(answer);
  expect(seen.length).toBeGreaterThan(3);
  for (const [i, text] of seen.entries()) expect((seen[i + 1] ?? final).startsWith(text)).toBe(true);
});

test("a question naming a time shows, above its answer, the range the answer drew on", async () => {
  await signUp();
  await call("createIdea", { body: { content: "想读《百年孤独》" } });
  await renderConversation({});
  await ask("最近想读什么书？");
  const answer = answers();
  await expect.element(answer).toMatchTextContent("消耗 2 点");
  await expect.element(answer).toMatchTextContent(/^只参考最近 30 天（.+—.+）的记录/);
  await expect.element(answer.getByRole("link", { name: /^1\s*想法：\s*想读《百年孤独》$/ })).toBeVisible();
});

test("停止 in the middle keeps what arrived, on screen and on the server", async () => {
  await signUp();
  let conversation: Conversation | undefined;
  const view = await renderConversation({ onCreated: (created) => (conversation = created) });

  await ask("讲一个慢慢的故事"); // the fake provider answers this one slowly, 400 characters
  const answer = answers();
  await expect.element(answer).toMatchTextContent("这是一个很长的回答");
  await page.getByRole("button", { name: "停止" }).click();
  await expect.element(answer).toMatchTextContent("已停止生成");
  await expect.element(answer).toMatchTextContent("消耗 2 点"); // something came: it is charged
  await expect.element(page.getByRole("button", { name: "发送" })).toBeInTheDocument();
  const shown = bubbleText(answer);
  expect(shown.length).toBeLessThan("这是一个很长的回答，".length * 40);

  // opened again, the conversation comes from the server: the stopped reply is there as far as it went
  // (the server learns of the stop when the stream's connection closes, and saves the reply then:
  // on a loaded machine that is after the next read, so the test waits for it as a person would)
  const saved = async () => (await call("listMessages", { params: { id: conversation!.id } })).items.length;
  await expect.poll(saved, { timeout: 10_000 }).toBe(2);
  await view.unmount();
  await renderConversation({ conversationId: conversation!.id });
  const kept = answers();
  await expect.element(kept).toMatchTextContent("已停止生成");
  expect(bubbleText(kept).startsWith(shown)).toBe(true);
  expect((await call("getPoints")).balance).toBe(2);
});

test("the next question continues the conversation; without points it stays in the box with the reason", async () => {
  await signUp();
  const created: Conversation[] = [];
  await renderConversation({ onCreated: (conversation) => created.push(conversation) });

  await ask("第一个问题");
  await expect.element(answers().nth(0)).toMatchTextContent("消耗 2 点");
  await ask("第二个问题");
  await expect.element(answers().nth(1)).toMatchTextContent("消耗 2 点");
  expect(created).toHaveLength(1);
  const { items } = await call("listMessages", { params: { id: created[0]!.id } });
  expect(items.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  expect(items[2]!.content).toBe("第二个问题");

  // 0 points left: the server refuses (402) before anything streams
  await ask("第三个问题");
  await expect.element(page.getByRole("alert")).toMatchTextContent("AI点数不足：需要 2 点，当前余额 0 点");
  await expect.element(box()).toHaveValue("第三个问题");
  expect(questions().elements()).toHaveLength(2);
  expect(answers().elements()).toHaveLength(2);
  const after = await call("listMessages", { params: { id: created[0]!.id } });
  expect(after.items).toHaveLength(4);
});
