import { setFlagsFromString } from "node:v8";

/**
 * Imported before the process's first WebAssembly module (sql.js in a memos import, libheif in the
 * HEIC thread). Node 24's V8 compiles a Wasm-to-JS import wrapper after 1,000 calls through the
 * generic one; the compiled wrappers live in one cache for every thread of the process, and freeing
 * a dead one could fail V8's own check (ThreadIsolation::UnregisterWasmAllocation, SIGTRAP), taking
 * the whole process down: seen in the server suite while imports ran in their threads, the stack in
 * docs/benchmarks.md. Never compiling them keeps the generic wrapper, at no cost measured there.
 * V8's flags are the process's: set from any thread, they hold for all.
 */
setFlagsFromString("--wasm-wrapper-tiering-budget=2147483647");
