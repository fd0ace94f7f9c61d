import { execFileSync } from "node:child_process";

/**
 * A port free on 127.0.0.1 now, found synchronously (Playwright configs are evaluated synchronously,
 * and choose their ports once in the main process for the workers to inherit through the env).
 */
export const freePort = () =>
  execFileSync(process.execPath, [
    "-e",
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ])
    .toString()
    .trim();
