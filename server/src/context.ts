import type { Db } from "./db/pool.ts";
import type { Config } from "./env.ts";
import type { BackgroundWork } from "./lib/background-work.ts";
import type { Logger } from "./logger.ts";

export type AppDeps = { config: Config; db: Db; logger: Logger; work: BackgroundWork };

export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    deps: AppDeps;
    /** Set by authGuard: a session, or a capture token on the one route that allows it. */
    auth:
      | { via: "session"; userId: string; sessionId: string }
      | { via: "capture-token"; userId: string; captureTokenId: string };
  };
};
