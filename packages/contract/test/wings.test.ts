import { describe, expect, it } from "vitest";
import { routeGroups, routes } from "../src/index.ts";

describe("the wings", () => {
  it("give every call to exactly one wing", () => {
    const grouped: string[] = Object.values(routeGroups).flat();
    expect(grouped.toSorted()).toEqual(Object.keys(routes).toSorted());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it("are the order of the path table, which runs wing by wing", () => {
    expect(Object.keys(routes)).toEqual(Object.values(routeGroups).flat());
  });
});
