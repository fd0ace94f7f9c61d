import http from "node:http";
import { expect, it, vi } from "vitest";

// the system failing to list this host's interfaces (the kernel refusing, too many open files)
vi.mock("node:os", async (original) => ({
  ...(await original<typeof import("node:os")>()),
  networkInterfaces: () => {
    throw Object.assign(new Error("uv_interface_addresses failed"), { code: "EMFILE" });
  },
}));

// a name that resolves to a public address, without asking a network the test machine may not have
vi.mock("node:dns", async (original) => ({
  ...(await original<typeof import("node:dns")>()),
  lookup: (
    _name: string,
    _options: unknown,
    callback: (err: null, a: { address: string; family: number }[]) => void,
  ) => process.nextTick(() => callback(null, [{ address: "1.1.1.1", family: 4 }])),
}));

it("a connection whose addresses cannot be checked fails, and the process goes on", {
  timeout: 5_000,
}, async () => {
  const { guardedAgents } = await import("../../src/shared/address-guard.ts");
  // a name, resolved by DNS: checked in the lookup's callback, where a throw would end the process
  const failed = await new Promise<Error>((resolve, reject) => {
    http
      .get("http://backup.example.cn:9/", { agent: guardedAgents.http, timeout: 5_000 }, () =>
        reject(new Error("connected")),
      )
      .on("error", resolve);
  });
  expect(failed.message).toBe("uv_interface_addresses failed");
});
