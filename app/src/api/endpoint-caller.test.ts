import { routes } from "@shinian/contract/routes";
import { describe, expect, it } from "vitest";
import { routeOf } from "./endpoint-caller.ts";

describe("routeOf", () => {
  it("finds a first screen's call and any other call at the path the contract writes", async () => {
    expect(await routeOf("createIdea")).toEqual({ method: "post", path: "/api/ideas" });
    expect(await routeOf("uploadAvatar")).toEqual(routes.uploadAvatar);
    expect(await routeOf("liveEvents")).toEqual(routes.liveEvents);
  });
});
