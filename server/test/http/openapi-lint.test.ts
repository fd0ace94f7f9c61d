import { createConfig, lintFromString } from "@redocly/openapi-core";
import { expect, it } from "vitest";
import { flomoOpenApi } from "../../src/flomo/flomo.openapi.ts";
import { buildOpenApi } from "../../src/http/openapi.ts";
import { memosOpenApi } from "../../src/memos/memos.openapi.ts";

// The document as tools read it (code generators, Postman, gateways): Redocly's "recommended"
// ruleset, warnings included, so that a new endpoint or tag cannot make it worse unnoticed.
it("the OpenAPI document passes Redocly's recommended rules without an error or a warning", async () => {
  const config = await createConfig({ extends: ["recommended"] });
  const problems = await lintFromString({
    source: JSON.stringify(buildOpenApi([flomoOpenApi, memosOpenApi]), null, 2),
    absoluteRef: "openapi.json",
    config,
  });
  const found = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
  expect(found).toEqual([]);
});
