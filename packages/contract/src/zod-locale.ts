import { z } from "zod";

// Every validation message the app and the server show is Chinese: zod's own messages too. The
// index imports this first, and so do common.ts and envelope.ts, on which the modules imported by
// path (as the server's import thread does: package.json's exports) are built.
z.config(z.locales.zhCN());
