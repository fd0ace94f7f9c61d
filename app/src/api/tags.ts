import { call } from "./client.ts";

export const fetchTags = () => call("listTags").then((data) => data.tags);

/** With `dryRun`, only how many items would change. */
export const renameTag = (body: { from: string; to: string; dryRun?: boolean }) =>
  call("renameTag", { body }).then((data) => data.changed);
