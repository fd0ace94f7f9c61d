import { describe, expect, it } from "vitest";
import { withAnnotations } from "../../src/ai/grounding.ts";

const at = (day: string) => `${day}T04:00:00.000Z`;
const annotation = (content: string, day: string) => ({ id: day, content, createdAt: at(day) });

describe("an idea's words with its 批注, fitted to a share", () => {
  it("keeps each 批注 dated and whole when there is room", () => {
    const text = withAnnotations("学拉坯", [annotation("拉坯稳了", "2026-03-01")], 200);
    expect(text).toBe("学拉坯\n\n批注（2026-03-01）：拉坯稳了");
  });

  it("leaves out a 批注 it cannot give its date and a few words, never a cut-off date", () => {
    const long = "很长的批注".repeat(20);
    const text = withAnnotations(
      "想法".repeat(40),
      [annotation(long, "2026-03-01"), annotation(long, "2026-03-02")],
      90,
    );
    expect(text.length).toBeLessThanOrEqual(90);
    // the idea keeps half; of the other half, each 批注 would get 22 characters: one is left out
    // and the other, dated, takes the room
    expect(text.match(/批注（2026-03-0\d）：很长/g)).toHaveLength(1);
    expect(text).not.toMatch(/\n\n批注（20[^）]*$/);
  });
});
