import { endpointList as endpoints } from "@shinian/contract";
import { expect, it } from "vitest";
import { call, onOneDatabase } from "../helpers.ts";

onOneDatabase((ctx) => {
  it("serves an OpenAPI 3.1 document covering every implemented route", async () => {
    const res = await call(ctx, "GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe("3.1.0");
    for (const e of endpoints) expect(doc.paths[e.path]?.[e.method], `${e.method} ${e.path}`).toBeDefined();
    const register = doc.paths["/api/auth/register"].post;
    const body = register.requestBody.content["application/json"].schema;
    expect(body.required).toEqual(["account", "password", "agreeTerms"]);
    expect(body.additionalProperties).toBe(false);
    expect(
      register.responses["201"].content["application/json"].schema.properties.data.properties.token,
    ).toBeDefined();
    expect(doc.paths["/api/ideas/{id}"].get.parameters[0]).toMatchObject({ name: "id", in: "path" });
    expect(doc.paths["/api/feed"].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      "type",
      "view",
      "tag",
      "cursor",
      "limit",
    ]);
    expect(doc.paths["/api/ideas"].get.responses["401"]).toEqual({ $ref: "#/components/responses/E401" });
  });

  it("every documented route exists in the app (no 404 from the router)", async () => {
    for (const e of endpoints) {
      const path = e.path
        .replace("{id}", "00000000-0000-4000-8000-000000000000")
        .replace("{key}", "AAAAAAAAAAAAAAAAAAAAAA");
      const res = await ctx.app.request(path, { method: e.method.toUpperCase() });
      if (res.status === 404) {
        const body = await res.json();
        expect(body.message, `${e.method} ${e.path}`).not.toBe("接口不存在");
      }
    }
  });

  it("lists flomo's and memos' routes under tags of their own, each one a route the app answers", async () => {
    const doc = (await call(ctx, "GET", "/api/openapi.json")).body;
    const tags = doc.tags.map((t: { name: string }) => t.name);
    expect(tags).toEqual(expect.arrayContaining(["flomo 兼容接口", "memos 兼容接口"]));
    const foreign = Object.entries(doc.paths as Record<string, Record<string, { tags: string[] }>>).flatMap(
      ([path, ops]) =>
        Object.entries(ops)
          .filter(([, op]) => op.tags[0]!.endsWith("兼容接口"))
          .map(([method]) => [method, path] as const),
    );
    expect(foreign.map(([method, path]) => `${method} ${path}`)).toEqual(
      expect.arrayContaining(["post /iwh/{token}", "get /api/v1/memos", "patch /api/v1/memos/{uid}"]),
    );
    for (const [method, path] of foreign) {
      // unsigned, each answers its own refusal (401) or its public answer, never a missing route
      const url = path.replace(/\{(\w+)\}/g, (_, name) => (name === "token" ? "sn_pat_nothing" : "1"));
      const res = await ctx.app.request(url, { method: method.toUpperCase() });
      expect([200, 401], `${method} ${path}: ${res.status}`).toContain(res.status);
    }
  });

  it("serves a readable reference page with a strict CSP", async () => {
    const res = await ctx.app.request("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    const html = await res.text();
    expect(html).toContain("拾念 API");
    expect(html).toContain("/api/ideas/{id}");
    expect(html).not.toContain("<script");
  });
});
