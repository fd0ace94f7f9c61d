import { ApiError } from "../errors.ts";
import type { Mount } from "../http/mount.ts";
import { perUserSlots } from "../shared/per-user-slots.ts";
import { hybridSearch } from "./hybrid.ts";
import { relatedItems } from "./related.ts";
import { similarToDraft } from "./similar.ts";

/** Searches a person may have waiting behind their running ones (typing fast, two tabs). */
const SEARCHES_WAITING = 8;

/** Mounted per app: the searches running belong to this process's app. */
export function searchRoutes(mount: Mount) {
  let inSlot: ReturnType<typeof perUserSlots> | undefined;
  const refuse = () =>
    new ApiError("RATE_LIMITED", "同时进行的搜索太多了，请稍后再试", { headers: { "Retry-After": "1" } });
  mount("search", async ({ deps, userId, query: q }) => {
    inSlot ??= perUserSlots(deps.config.searchesPerUser, SEARCHES_WAITING);
    const data = await inSlot(userId, () => hybridSearch(deps, userId, q.q, q.limit), refuse);
    return { data };
  });
  // typed while capturing (debounced): the same slots as searches, so a fast typist waits in line
  mount("similarToDraft", async ({ deps, userId, body }) => {
    inSlot ??= perUserSlots(deps.config.searchesPerUser, SEARCHES_WAITING);
    const items = await inSlot(userId, () => similarToDraft(deps, userId, body), refuse);
    return { data: { items } };
  });
  mount("relatedToIdea", async ({ deps, userId, params }) => ({
    data: { items: await relatedItems(deps, userId, { type: "idea", id: params.id }) },
  }));
  mount("relatedToNote", async ({ deps, userId, params }) => ({
    data: { items: await relatedItems(deps, userId, { type: "note", id: params.id }) },
  }));
}
