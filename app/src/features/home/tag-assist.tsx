import type { TagCount } from "@shinian/contract/tag-schemas";
import { MAX_TAG_LENGTH, tagQueryAt, tagSpans } from "@shinian/contract/tags";
import { TagAssist } from "@shinian/ui";
import * as React from "react";
import { fetchTags } from "../../api/tags.ts";
import { tokenStore } from "../../auth/token-store.ts";
import { matchTags } from "./tag-match.ts";

/** Asked again when a `#` is typed this long after the last answer (a capture may have added one). */
const FRESH_MS = 30_000;

// The person's tags, kept between the composer's `#`s: the list shows at once, and is asked for
// again in the background when older than FRESH_MS. Offline, the last answer serves.
// Kept for one session: another account signing in on this device never sees them.
let known: TagCount[] = [];
let knownFor: string | null = null;
let askedAt = 0;
let asking: Promise<void> | null = null;
const listeners = new Set<() => void>();

function refresh() {
  const token = tokenStore.getToken();
  if (token !== knownFor) {
    known = [];
    askedAt = 0;
    knownFor = token;
  }
  if (asking || Date.now() - askedAt < FRESH_MS) return;
  asking = fetchTags()
    .then((tags) => {
      if (tokenStore.getToken() !== token) return;
      known = tags;
      askedAt = Date.now();
      for (const listener of listeners) listener();
    })
    .catch(() => {}) // offline or failed: the suggestions are a help, the text box works without them
    .finally(() => {
      asking = null;
    });
}

/** A recognised tag is one the server will take: at most MAX_TAG_LENGTH characters. */
const marksOf = (text: string) => tagSpans(text).filter((span) => span.tag.length <= MAX_TAG_LENGTH);

/**
 * 首页's composer once a `#` is typed (loaded then, not with 首页: /'s JS budget): the tags marked
 * as they are typed by the same rule the server takes them by, and the person's own tags under a
 * `#` being typed, matched by name, pinyin and initials (from GET /api/tags).
 */
export default function ComposerTagAssist({
  textarea,
  value,
  onValueChange,
}: {
  textarea: React.RefObject<HTMLTextAreaElement | null>;
  value: string;
  onValueChange: (value: string) => void;
}) {
  const [, redraw] = React.useReducer((n: number) => n + 1, 0);
  React.useEffect(() => {
    listeners.add(redraw);
    return () => void listeners.delete(redraw);
  }, []);
  // each `#` (or full-width `＃`) typed asks again, at most every FRESH_MS
  const hashes = value.split(/[#＃]/).length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the count of `#` is the signal
  React.useEffect(refresh, [hashes]);
  const marks = React.useMemo(() => marksOf(value), [value]);
  return (
    <TagAssist
      textarea={textarea}
      value={value}
      marks={marks}
      queryAt={tagQueryAt}
      suggest={(typed) => matchTags(known, typed)}
      onValueChange={onValueChange}
    />
  );
}
