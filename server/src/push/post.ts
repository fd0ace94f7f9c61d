import { type Answered, postGuarded } from "../shared/outbound-post.ts";

export type { Answered };

type PostOptions = Omit<Parameters<typeof postGuarded>[2], "userAgent" | "words">;

/** One POST to a push channel, its answer read as text (shared/outbound-post.ts). */
export const post = (url: string, body: string, o: PostOptions) =>
  postGuarded(url, body, {
    ...o,
    userAgent: "Shinian-Push/1",
    words: { late: "推送渠道没有及时答复", address: "推送地址" },
  });
