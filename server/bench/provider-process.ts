// The bench's provider in a process of its own, so that serving the streams does not compete
// with the measuring client for one event loop. CHUNK_MS: pause between chunks.
import { startFakeProvider, tokens } from "../test/fake-provider.ts";

const delayMs = Number(process.env.CHUNK_MS ?? 0);
const provider = await startFakeProvider(() => ({
  kind: "stream",
  chunks: tokens("这是一个用于测量的回答。".repeat(5), 4),
  delayMs,
}));
console.log(provider.url);
process.on("SIGTERM", () => void provider.close().then(() => process.exit(0)));
