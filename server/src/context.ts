import type { Db } from "./db/pool.ts";
import type { Config } from "./env.ts";
import type { Logger } from "./logger.ts";

export type AppDeps = { config: Config; db: Db; logger: Logger };

export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    deps: AppDeps;
    /** Set by requireAuth. */
    auth: { userId: string; sessionId: string };
  };
};
