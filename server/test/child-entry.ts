// `node server/test/child-entry.ts '{"import":{"leaseMs":1000}}'`: server/src/index.ts in this
// same process (its pid the server's), with some of limits.ts's values changed first: how a test
// whose server runs as a process of its own changes a knob that is no environment variable.
import { LIMITS } from "../src/limits.ts";
import { patched } from "./patch.ts";

Object.assign(LIMITS, patched(LIMITS, JSON.parse(process.argv[2] ?? "{}")));
await import("../src/index.ts");
