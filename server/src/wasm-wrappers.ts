import { setFlagsFromString } from "node:v8";

/**
 * Node 24's V8 compiles a Wasm-to-JS import wrapper after 1,000 calls through the generic one; the
 * compiled wrappers live in one cache for every thread of the process, and freeing a dead one could
 * fail V8's own check (ThreadIsolation::UnregisterWasmAllocation, SIGTRAP), taking the whole process
 * down: seen in the server suite while imports ran in their threads (the stack: docs/search-quality.md,
 * "The V8 crash"). WebAssembly runs in sql.js, libheif, fetch's HTTP parser and, from source, Node's
 * type stripping. Never compiling the wrappers keeps the generic one, at no cost measured
 * (npm run bench -- wasm-wrappers). V8 reads the budget when an instance is made, so it is set first
 * thing: on the command line where a process is started from source, else by importing this module
 * first (the server's entry, and the two modules that load a Wasm library, in case another entry runs
 * them). V8's flags are the process's: set from any thread, they hold for every thread after.
 */
export const WASM_WRAPPER_FLAG = "--wasm-wrapper-tiering-budget=2147483647";

setFlagsFromString(WASM_WRAPPER_FLAG);
