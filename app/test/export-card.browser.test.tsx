import type { Idea, Note } from "@shinian/contract";
import * as React from "react";
import { afterEach, expect, onTestFinished, test } from "vitest";
import { commands, page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { call, envelope, response } from "../src/api/client.ts";
import { exportCardLoader } from "../src/features/export/export-card-loader.ts";
import { ExportPanel } from "../src/features/export/export-panel.tsx";
import { exportMachine } from "../src/features/export/use-export.ts";
import { signUp } from "./support/session.ts";
import "../src/styles.css";

// The export as /profile offers it and the root layout floats its card, against the real server.

/** The root layout's part: the card, once a screen offering the export has loaded it. */
function FloatingExportCard() {
  const Host = React.useSyncExternalStore(exportCardLoader.subscribe, exportCardLoader.get);
  return Host ? <Host /> : null;
}

const renderExport = () =>
  render(
    <>
      <ExportPanel />
      <FloatingExportCard />
    </>,
  );

const exportButton = () => page.getByRole("button", { name: "导出全部数据" });
const card = (title: string) => page.getByRole("region", { name: title });

/** Every title the card showed, in order, however briefly. */
function watchCardTitles() {
  const seen: string[] = [];
  const observer = new MutationObserver(() => {
    const title = document.querySelector('[data-slot="export-card-title"]')?.textContent;
    if (title && seen.at(-1) !== title) seen.push(title);
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  onTestFinished(() => observer.disconnect());
  return seen;
}

/** YYYY-MM-DD HH:mm:ss in the browser's time zone (Sweden's locale writes exactly that). */
const localTime = (iso: string) => new Date(iso).toLocaleString("sv-SE");

// the app has one export for its whole life; each test starts it idle
afterEach(() => exportMachine().reset());

test("导出全部数据 goes from 检查权限 to 导出完成, and the zip with the account's data arrives", async () => {
  await signUp();
  for (const content of ["第一个想法", "第二个想法"]) await call("createIdea", { body: { content } });
  await call("createNote", { body: { title: "一篇笔记", content: "# 标题\n正文" } });
  await commands.takeDownloads();
  await renderExport();
  const titles = watchCardTitles();

  await exportButton().click();
  const done = card("导出完成");
  await expect.element(done).toMatchTextContent("想法 2 条 · 笔记 1 条 · 共 3 条");
  expect(titles).toEqual(["正在检查导出权限", "正在准备导出", "正在导出数据", "正在下载", "导出完成"]);

  const files = await commands.takeDownloads();
  expect(files).toHaveLength(1);
  const zip = files[0]!;
  expect(zip.filename).toMatch(/^拾念导出_\d{8}_\d{6}\.zip$/);
  await expect.element(done).toMatchTextContent(zip.filename);
  const data = JSON.parse(zip.entries["data.json"] ?? "{}") as { ideas: Idea[]; notes: Note[] };
  expect(data.ideas.map((idea) => idea.content).sort()).toEqual(["第一个想法", "第二个想法"]);
  expect(data.notes.map((note) => note.title)).toEqual(["一篇笔记"]);
});

test("an export made elsewhere in the meantime: the card refuses with the next time, and the button waits", async () => {
  await signUp();
  await commands.takeDownloads();
  await renderExport();
  await expect.element(exportButton()).toBeEnabled(); // this device saw the export allowed
  await (await response("exportData", { body: {} })).arrayBuffer(); // then another device exported
  const permission = await envelope("exportPermission");
  const next = permission.data?.nextAllowedDate;
  expect(next).toBeTruthy();

  await exportButton().click();
  const refused = card("导出失败");
  await expect.element(refused).toMatchTextContent(`暂时无法导出数据，下次可导出时间：${localTime(next!)}`);
  expect(await commands.takeDownloads()).toEqual([]);
  await refused.getByRole("button", { name: "关闭" }).click();
  await expect.element(refused).not.toBeInTheDocument();
  // from now on the panel says when, and its button counts down instead of failing again
  await expect.element(page.getByTestId("export-next-allowed")).toMatchTextContent("下次可导出时间：");
  await expect.element(page.getByRole("button", { name: /后可再次导出$/ })).toBeDisabled();
});

test("取消 while the zip is on its way abandons the request and takes the card away", async () => {
  await signUp();
  await commands.takeDownloads();
  await commands.holdRequest("/api/export"); // a slow network: the zip has not come yet
  await renderExport();

  await exportButton().click();
  await card("正在导出数据").getByRole("button", { name: "取消" }).click();
  await expect.poll(() => page.getByRole("region").elements()).toHaveLength(0);
  expect(await commands.releaseRequest()).toBe("abandoned");
  await expect.element(exportButton()).toBeEnabled();
  expect(await commands.takeDownloads()).toEqual([]);
});
