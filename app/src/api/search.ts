import { call } from "./client.ts";

export const search = (q: string) => call("search", { query: { q } });
export const fetchRelated = (kind: "idea" | "note", id: string) =>
  call(kind === "idea" ? "relatedToIdea" : "relatedToNote", { params: { id } });
