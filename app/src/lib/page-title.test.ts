import { describe, expect, it } from "vitest";
import { documentTitleFor, timelineSubject } from "./page-title.ts";

describe("documentTitleFor", () => {
  it.each([
    ["/", "首页 - 拾念"],
    ["/login", "登录 - 拾念"],
    ["/reset-password", "重置密码 - 拾念"],
    ["/guide", "用户指南 - 拾念"],
    ["/help", "用户指南 - 拾念"],
    ["/quick-introduction", "拾念"],
    ["/ideas/0190a1b2-c3d4", "想法详情 - 拾念"],
    ["/ideas/0190a1b2-c3d4/original", "原始想法 - 拾念"],
    ["/notes/0190a1b2-c3d4", "笔记详情 - 拾念"],
    ["/chat", "AI助手 - 拾念"],
    ["/profile", "个人资料 - 拾念"],
    ["/ai-points", "AI点数 - 拾念"],
    ["/privacy-security", "隐私与安全 - 拾念"],
    ["/user-agreement", "用户协议 - 拾念"],
    ["/privacy-policy", "隐私政策 - 拾念"],
    ["/review", "每日回顾 - 拾念"],
    ["/insights", "洞察 - 拾念"],
    ["/insights/0190a1b2-c3d4", "洞察 - 拾念"],
    ["/profile/", "个人资料 - 拾念"],
    ["/nowhere", "拾念"],
    ["/ideas", "拾念"],
  ])("%s → %s", (path, title) => {
    expect(documentTitleFor(path)).toBe(title);
  });
});

describe("/timeline (演变) is named by what it shows", () => {
  it.each([
    [{ tag: "陶艺" }, "#陶艺 的演变 - 拾念"],
    [{ tag: "#陶艺/拉坯" }, "#陶艺/拉坯 的演变 - 拾念"],
    [{ q: "拉坯" }, "「拉坯」 的演变 - 拾念"],
    // the router reads ?q=2026 as a number
    [{ q: 2026 }, "「2026」 的演变 - 拾念"],
    [{ tag: "陶艺", q: "  拉坯 " }, "#陶艺 · 「拉坯」 的演变 - 拾念"],
    [{}, "演变 - 拾念"],
    [{ tag: "", q: ["x"] }, "演变 - 拾念"],
  ])("%j → %s", (search, title) => {
    expect(documentTitleFor("/timeline", search)).toBe(title);
  });

  it("the page's heading and the tab say the same", () => {
    expect(timelineSubject({ tag: "陶艺" })).toEqual({ tag: "陶艺", q: undefined, title: "#陶艺 的演变" });
    expect(documentTitleFor("/timeline/", { q: "a".repeat(150) })).toBe(
      `「${"a".repeat(100)}」 的演变 - 拾念`,
    );
  });
});
