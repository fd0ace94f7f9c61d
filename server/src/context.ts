import type { TokenScope } from "@shinian/contract";
import type { Db } from "./db/pool.ts";
import type { Config } from "./env.ts";
import type { Logger } from "./logger.ts";
import type { BackgroundWork } from "./shared/background-work.ts";

/** The system clock: the app's unless a test gives another. */
export const systemClock = () => new Date();

export type AppDeps = {
  config: Config;
  db: Db;
  logger: Logger;
  work: BackgroundWork;
  /**
   * What time it is for the calendar features (每日回顾's day, 那年今日): the system clock unless a
   * test fixes it. Everything else takes its time from the database's now().
   */
  clock: () => Date;
};

export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    deps: AppDeps;
    /** Set by authGuard: a session, or an access token where the endpoint lets its scope in. */
    auth:
      | { via: "session"; userId: string; sessionId: string; autoTidy: boolean }
      | { via: "token"; userId: string; tokenId: string; scope: TokenScope; autoTidy: boolean };
  };
};
