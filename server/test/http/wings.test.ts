import type { EndpointName } from "@shinian/contract";
import { routeGroups, type Wing } from "@shinian/contract/routes";
import { expect, it, test } from "vitest";
import { wings } from "../../src/app.ts";
import type { Mount } from "../../src/http/mount.ts";

it("the server has the contract's wings, no more and no less", () => {
  expect(Object.keys(wings).toSorted()).toEqual(Object.keys(routeGroups).toSorted());
});

test.each(Object.keys(routeGroups) as Wing[])("the %s wing mounts exactly its contract group", (wing) => {
  const mounted: EndpointName[] = [];
  const record: Mount = (name) => void mounted.push(name);
  for (const routes of wings[wing]) routes(record);
  expect(mounted.toSorted()).toEqual([...routeGroups[wing]].toSorted());
});
