/** Where a cited source opens in the app: an idea, a note, or a 洞察 the assistant was let read. */
type Cited = { type: "idea" | "note" | "insight"; id: string };

export const citationHref = (c: Cited) =>
  `/${c.type === "idea" ? "ideas" : c.type === "note" ? "notes" : "insights"}/${c.id}`;

/** The same place, as the router's navigate takes it. */
export const citationRoute = (c: Cited) =>
  c.type === "idea"
    ? ({ to: "/ideas/$id", params: { id: c.id } } as const)
    : c.type === "note"
      ? ({ to: "/notes/$id", params: { id: c.id } } as const)
      : ({ to: "/insights/$id", params: { id: c.id } } as const);
