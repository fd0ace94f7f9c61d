import fc from "fast-check";

/** Hostile inputs for the contract fuzzing (contract-fuzz.test.ts), each kind the issue names. */

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const oddChar = fc.oneof(
  fc.constantFrom("\u0000", "\u200b", "\ufeff", "\u202e", "\u3000", "\n", "\\", '"', "%", "字", "😀"),
  loneSurrogate,
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }),
);

/** Empty, blank, huge, NUL, lone surrogates, text that looks like another type or an attack. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.string({ unit: oddChar, maxLength: 30 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      ...["", " ", "\u3000\n", "null", "true", "0", "-1", "1e309", "NaN", "[]", "{}", "__proto__"],
      ...["constructor", "<script>alert(1)</script>", "' OR 1=1 --", "../../etc/passwd", "%00"],
      ...["00000000-0000-0000-0000-000000000000", "2026-13-45T25:61:00+08:00", "\u0000", "\ud800"],
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(31, 201, 2_001, 10_001, 200_001),
        fc.constantFrom("字", "a", " ", "\u0000", "\udc00"),
      )
      .map(([n, ch]) => ch.repeat(n)),
  },
);

const nested = (depth: number): unknown => (depth === 0 ? "深" : [nested(depth - 1)]);

/** Any JSON value of the wrong type for most fields, or of the right type with hostile contents. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  {
    weight: 2,
    arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, 2 ** 53 + 2, [], {}, [null], {
      "": null,
    }),
  },
  { weight: 2, arbitrary: fc.array(hostileString, { maxLength: 12 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(25, 2_000).map(nested) },
);

/** Field names no request schema has, prototype keys first. */
export const unknownKey = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "",
    "id",
    "userId",
    "user_id",
    "createdAt",
  ),
  hostileString,
);

type JsonObject = Record<string, unknown>;

/** The path to every string in a JSON value. */
const stringLeaves = (value: unknown, path: string[] = []): string[][] =>
  typeof value === "string"
    ? [path]
    : typeof value === "object" && value !== null
      ? Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k]))
      : [];
type Edit = (body: JsonObject) => void;

/** A copy of a valid body with fields replaced, removed or added (own properties, `__proto__` too). */
export function editedBody(base: JsonObject): fc.Arbitrary<unknown> {
  const keys = Object.keys(base);
  const edits: fc.Arbitrary<Edit>[] = [
    fc.tuple(unknownKey, hostileJson).map(([key, value]) => (body: JsonObject) => {
      Object.defineProperty(body, key, { value, enumerable: true, configurable: true, writable: true });
    }),
  ];
  if (keys.length > 0) {
    const key = fc.constantFrom(...keys);
    edits.push(
      fc.tuple(key, hostileJson).map(([k, value]) => (body: JsonObject) => {
        body[k] = value;
      }),
      key.map((k) => (body: JsonObject) => {
        delete body[k];
      }),
    );
  }
  const leaves = stringLeaves(base);
  if (leaves.length > 0) {
    // otherwise valid text with one character PostgreSQL cannot store
    const unstorable = fc.oneof(fc.constant("\u0000"), loneSurrogate);
    edits.push(
      fc
        .tuple(fc.constantFrom(...leaves), fc.nat(), unstorable)
        .map(([path, at, bad]) => (body: JsonObject) => {
          const parent = path
            .slice(0, -1)
            .reduce<unknown>((o, k) => (o as JsonObject | undefined)?.[k], body);
          const key = path.at(-1)!;
          if (typeof parent !== "object" || parent === null) return; // an earlier edit replaced it
          const text = (parent as JsonObject)[key];
          if (typeof text !== "string") return;
          const i = at % (text.length + 1);
          (parent as JsonObject)[key] = `${text.slice(0, i)}${bad}${text.slice(i)}`;
        }),
    );
  }
  const edited = fc.array(fc.oneof(...edits), { minLength: 1, maxLength: 3 }).map((list) => {
    const body = structuredClone(base);
    for (const edit of list) edit(body);
    return body as unknown;
  });
  return fc.oneof({ weight: 6, arbitrary: edited }, { weight: 1, arbitrary: hostileJson });
}

/** Text that is not JSON at all, or almost. */
export const notJson = fc.oneof(
  fc.constantFrom("{", "}", '{"a":}', "[1,]", "{'a':1}", "undefined", "NaN", "{}\ufeff", '{"content":"x"'),
  fc.constantFrom(" ", "nul", "0x10", '{"a":1}{}', "\u0000", '{"a":"\\ud800\\u"}', "[".repeat(100_000)),
  fc.string({ unit: oddChar, minLength: 1, maxLength: 40 }).filter((s) => !parses(s)),
);

/** Content types the JSON endpoints must refuse (with a JSON body). */
export const notJsonType = fc.constantFrom(
  ...["text/plain", "text/plain; charset=utf-8", "application/x-www-form-urlencoded", "application/xml"],
  ...["multipart/form-data; boundary=x", "application/jsonp", "json", "", "image/png"],
);
/** Content types that say JSON. */
export const jsonType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
);

/** Whether the server reads the text as JSON (its UTF-8 decoding drops a leading byte order mark). */
export function parses(text: string): boolean {
  try {
    JSON.parse(text.replace(/^\ufeff/, ""));
    return true;
  } catch {
    return false;
  }
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a JSON value holds text PostgreSQL cannot store (NUL, a lone surrogate) in a key or string. */
export function holdsUnstorable(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0") || LONE_SURROGATE.test(value);
  if (typeof value !== "object" || value === null) return false;
  return Object.entries(value).some(([k, v]) => holdsUnstorable(k) || holdsUnstorable(v));
}

/** The text with each lone surrogate replaced by U+FFFD, as a UTF-8 encoder writes it. */
const wellFormed = (s: string) => s.replace(new RegExp(LONE_SURROGATE, "g"), "\ufffd");

/** encodeURIComponent that also takes lone surrogates: they become the bytes of one (invalid UTF-8). */
export const encodeLoosely = (s: string) =>
  encodeURIComponent(wellFormed(s)).replaceAll("%EF%BF%BD", "%ED%A0%80");

/** A path segment that names nothing of the caller's: another uuid, a non-uuid, broken escapes. */
export const foreignSegment = (own: string) =>
  fc
    .oneof(
      fc.uuid(),
      hostileString.map(encodeLoosely),
      fc.constantFrom("%", "%zz", "%E0%A4%A", "%ED%A0%80", "%00", "%2F", "..", "%2e%2e", "9".repeat(400)),
      fc.constantFrom(`${own}x`, own.replaceAll("-", ""), `{${own}}`, `${own}%00`, `%20${own}`, own.slice(1)),
    )
    .filter((segment) => segment !== own);

/** A query string from valid values and hostile ones, unknown and `__proto__` keys, broken escapes. */
export function hostileQuery(valid: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const known = Object.entries(valid).map(([key, value]) =>
    fc.option(fc.oneof(value, hostileString).map((v) => `${key}=${encodeLoosely(v)}`)),
  );
  const unknown = fc.array(
    fc.tuple(unknownKey, hostileString).map(([k, v]) => `${encodeLoosely(k)}=${encodeLoosely(v)}`),
    { maxLength: 2 },
  );
  const built = fc
    .tuple(fc.tuple(...known), unknown)
    .map(([pairs, extra]) => [...pairs.filter((p) => p !== null), ...extra].join("&"));
  const broken = fc.constantFrom(
    "%",
    "limit=%zz",
    "q=%ED%A0%80",
    "limit=1&limit=2",
    "=",
    "&&",
    "cursor",
    "tag=%00",
  );
  return fc.oneof({ weight: 5, arbitrary: built }, { weight: 1, arbitrary: broken });
}

/** A cursor from this list, another list's, or garbage: base64 of anything, over-long, odd characters. */
export const hostileCursor = (own: string[]) =>
  fc.oneof(
    fc.constantFrom(...own),
    hostileString.map((s) => Buffer.from(wellFormed(s), "utf8").toString("base64url")),
    fc
      .tuple(fc.bigInt({ min: -1n, max: 2n ** 64n }), fc.oneof(fc.uuid(), fc.string()))
      .map(([us, id]) => Buffer.from(`${us}.${id}`, "utf8").toString("base64url")),
    fc.constantFrom("garbage", "a".repeat(201), "+/=", "Zm9v.YmFy", ""),
  );
