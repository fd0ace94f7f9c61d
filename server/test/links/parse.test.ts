// One text form, two readers: the contract's parser (the app, the import) and the SQL function the
// links table is kept with (migration 046). They must find the same links in the same texts.
import { parseLinks } from "@shinian/contract";
import { describe, expect, it } from "vitest";
import { onOneDatabase } from "../helpers.ts";

const ID = "0f8b6c3e-2a1d-4c5b-9e7f-123456789abc";
const CASES = [
  "",
  "没有链接",
  `[[idea:${ID}]]`,
  `前 [[note:${ID}]] 后 [[idea:${ID}]] 再 [[note:${ID}]]`,
  `[[IDEA:${ID.toUpperCase()}]]`,
  `[[idea:${ID}]`,
  `[idea:${ID}]]`,
  `[[tag:${ID}]]`,
  `[[idea:${ID.slice(0, -1)}]]`,
  `[[idea: ${ID}]]`,
  `[[[[idea:${ID}]]]]`,
  `\`[[note:${ID}]]\``,
];

onOneDatabase((ctx) => {
  describe("the link form", () => {
    it("reads the same links in the contract and in SQL", async () => {
      for (const text of CASES) {
        const { rows } = await ctx.db.query<{ target_type: string; target_id: string }>(
          "SELECT target_type, target_id::text FROM item_link_targets($1)",
          [text],
        );
        const sql = rows.map((r) => `${r.target_type}:${r.target_id}`).sort();
        const ts = parseLinks(text)
          .map((l) => `${l.type}:${l.id}`)
          .sort();
        expect(sql, text).toEqual(ts);
      }
      expect(parseLinks(CASES[3]!)).toEqual([
        { type: "note", id: ID },
        { type: "idea", id: ID },
      ]);
    });
  });
});
