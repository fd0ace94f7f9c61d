import type { FeedItem } from "@shinian/contract";
import { describe, expect, it } from "vitest";
import { afterPins, withFirstPage, withNextPage } from "./use-feed.ts";

const idea = (id: string, content = id): FeedItem => ({
  type: "idea",
  id,
  originalContent: content,
  title: "",
  content,
  tags: [],
  aiStatus: "none",
  pinned: false,
  aiExcluded: false,
  createdAt: "2026-11-22T08:00:00.000Z",
  updatedAt: "2026-11-22T08:00:00.000Z",
});

describe("withFirstPage", () => {
  it("keeps what was captured while the first page loaded, in front of it", () => {
    const page = [idea("b"), idea("a")];
    expect(withFirstPage([idea("temp-1", "刚记下的"), idea("c")], page).map((i) => i.id)).toEqual([
      "temp-1",
      "c",
      "b",
      "a",
    ]);
  });

  it("shows a capture the page already holds once, as the page has it", () => {
    const saved = idea("c", "服务器上的版本");
    const list = withFirstPage([idea("c", "本地的版本")], [saved, idea("a")]);
    expect(list).toEqual([saved, idea("a")]);
  });

  it("puts what was captured after the pins that lead the page, before the newest", () => {
    const pinned = { ...idea("p"), pinned: true };
    expect(withFirstPage([idea("temp-1")], [pinned, idea("b")]).map((i) => i.id)).toEqual([
      "p",
      "temp-1",
      "b",
    ]);
  });

  it("is the page itself when nothing was captured", () => {
    const page = [idea("a")];
    expect(withFirstPage([], page)).toEqual(page);
  });
});

describe("afterPins", () => {
  it("puts a new capture after the pinned lead, or first when nothing is pinned", () => {
    const pinned = (id: string) => ({ ...idea(id), pinned: true });
    expect(afterPins([pinned("p1"), pinned("p2"), idea("a")], [idea("new")]).map((i) => i.id)).toEqual([
      "p1",
      "p2",
      "new",
      "a",
    ]);
    expect(afterPins([idea("a")], [idea("new")]).map((i) => i.id)).toEqual(["new", "a"]);
    expect(afterPins([pinned("p")], [idea("new")]).map((i) => i.id)).toEqual(["p", "new"]);
  });
});

describe("withNextPage", () => {
  it("adds a further page without the items the list already shows", () => {
    const pinned = { ...idea("p"), pinned: true };
    const list = [pinned, idea("c"), idea("b")];
    expect(withNextPage(list, [{ ...pinned, pinned: false }, idea("a")]).map((i) => i.id)).toEqual([
      "p",
      "c",
      "b",
      "a",
    ]);
  });

  it("tells an idea from a note of the same id", () => {
    const note = { ...idea("a"), type: "note" } as unknown as FeedItem;
    expect(withNextPage([idea("a")], [note])).toHaveLength(2);
  });
});
