// Waits until the 拾念 process on 127.0.0.1:<port> answers GET /api/health with 200, or fails
// after <seconds>. The unit's ExecStartPost and deploy/rolling-restart.sh use it: a process counts
// as started when it serves, not when it was forked (migrations may run first).
//   node deploy/wait-healthy.mjs 8801 60
const [port, seconds = "60"] = process.argv.slice(2);
if (!/^\d+$/.test(port ?? "") || !/^\d+$/.test(seconds)) {
  console.error("usage: node deploy/wait-healthy.mjs <port> [seconds]");
  process.exit(2);
}
const url = `http://127.0.0.1:${port}/api/health`;
const deadline = Date.now() + Number(seconds) * 1000;
let last = "no answer";
while (Date.now() < deadline) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    if (res.ok) process.exit(0);
    last = `HTTP ${res.status}`;
  } catch (err) {
    last = err instanceof Error ? (err.cause?.code ?? err.message) : String(err);
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
console.error(`${url}: not healthy after ${seconds}s (${last})`);
process.exit(1);
