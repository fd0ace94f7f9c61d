import { describe, expect, it } from "vitest";
import { onOneDatabase } from "../helpers.ts";
import { listening } from "../listening.ts";
import { exchange, healthRequest as health, postHead as post } from "../raw-http.ts";

onOneDatabase((ctx) => {
  describe("on a real connection", () => {
    const tcp = listening(ctx);

    it("a 413 for a small body over an endpoint's bound leaves the kept-alive connection usable for the next request", async () => {
      // login takes 16 KB at most; 20 KB is small enough to be read and dropped (≤ 64 KB)
      const size = 20 * 1024;
      const { answers, error } = await exchange(
        tcp.port,
        [post("/api/auth/login", size), Buffer.alloc(size, "a"), health],
        2,
      );
      expect(error).toBeNull();
      expect(answers.map((a) => a.status)).toEqual([413, 200]);
      expect(JSON.parse(answers[0]!.body)).toEqual({
        success: false,
        message: "请求内容过大",
        code: "PAYLOAD_TOO_LARGE",
      });
      expect(answers[0]!.headers.connection).toBe("keep-alive");
      expect(JSON.parse(answers[1]!.body).data.status).toBe("ok");
    });

    it("answers sent before a small slow body is read (401, 404) wait for it, so the next request on the connection works", async () => {
      // Half the body, a pause longer than @hono/node-server's own 500 ms drain, then the rest.
      const half = Buffer.alloc(20_000, "a");
      for (const path of ["/api/ideas", "/api/nope"]) {
        const { answers, error } = await exchange(
          tcp.port,
          [post(path, 2 * half.length), half, 800, half, health],
          2,
        );
        expect(error, path).toBeNull();
        expect(
          answers.map((a) => a.status),
          path,
        ).toEqual([path === "/api/nope" ? 404 : 401, 200]);
      }
    });

    it("a body too large to drain gets its 413 with Connection: close, read to the end while the client still sends", async () => {
      // 16 MB declared and sent at once: the answer comes first, and the connection must not be
      // reset under the client (which would lose the answer) while its body is still arriving.
      const size = 16 * 1024 * 1024;
      const { answers, closedByServer, error } = await exchange(
        tcp.port,
        [post("/api/auth/login", size), Buffer.alloc(size, "a")],
        2,
      );
      expect(answers.map((a) => a.status)).toEqual([413]);
      expect(answers[0]!.headers.connection).toBe("close");
      expect(JSON.parse(answers[0]!.body).code).toBe("PAYLOAD_TOO_LARGE");
      expect(error).toBeNull();
      expect(closedByServer).toBe(true);
    });

    it("a small chunked body answered early is drained like one with a length", async () => {
      const chunk = Buffer.alloc(50_000, "a");
      const chunked = `POST /api/ideas HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
      const { answers } = await exchange(
        tcp.port,
        [chunked, `${chunk.length.toString(16)}\r\n`, chunk, "\r\n", 300, "0\r\n\r\n", health],
        2,
      );
      expect(answers.map((a) => a.status)).toEqual([401, 200]);
      expect(answers[0]!.headers.connection).toBe("keep-alive");
    });

    it("an over-long URL or header gets the JSON error envelope in Chinese, not Node's empty 431", async () => {
      for (const request of [
        `GET /api/search?q=${encodeURIComponent("长".repeat(2_000))} HTTP/1.1\r\nHost: t\r\n\r\n`,
        `GET /api/health HTTP/1.1\r\nHost: t\r\nX-Long: ${"a".repeat(20_000)}\r\n\r\n`,
      ]) {
        const { answers, closedByServer } = await exchange(tcp.port, [request], 2);
        expect(answers).toHaveLength(1);
        expect(answers[0]!.status).toBe(431);
        expect(answers[0]!.headers["content-type"]).toContain("application/json");
        expect(JSON.parse(answers[0]!.body)).toEqual({
          success: false,
          message: "请求的网址或请求头过长（上限 16 KB）",
          code: "HEADERS_TOO_LARGE",
        });
        expect(closedByServer).toBe(true);
      }
    });

    it("a request Node cannot parse gets a Chinese 400 in the envelope", async () => {
      const { answers } = await exchange(tcp.port, ["NOT HTTP AT ALL\r\n\r\n"], 2);
      expect(answers.map((a) => a.status)).toEqual([400]);
      expect(JSON.parse(answers[0]!.body)).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    });
  });
});
