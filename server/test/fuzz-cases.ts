import type { Endpoint } from "@shinian/contract";
import fc from "fast-check";
import type { z } from "zod";
import {
  editedBody,
  foreignSegment,
  holdsUnstorable,
  hostileCursor,
  hostileQuery,
  jsonType,
  notJson,
  notJsonType,
} from "./fuzz-inputs.ts";
import { PNG_BYTES } from "./valid-requests.ts";

/** One request of the fuzzing, and whether the contract accepts it. */
export type FuzzCase = {
  path: string;
  query: string;
  token: "session" | "capture";
  contentType?: string;
  body?: BodyInit;
  accepted: boolean;
};

/** A body as sent, what it says in a readable form (FormData and bytes are not), and its verdict. */
type Wire = { contentType?: string; body: BodyInit; shown: unknown; accepted: boolean };

/** What the owner has that a request may name: the valid request's values, and list cursors. */
export type Base = {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  cursors: string[];
};

const bytes = (text: string) => new TextEncoder().encode(text);

function pathOf(endpoint: Endpoint, params: Record<string, string> = {}) {
  const names = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const segments = names.map((name) =>
    fc.oneof(
      fc.constant({ segment: params[name]!, own: true }),
      foreignSegment(params[name]!).map((segment) => ({ segment, own: false })),
    ),
  );
  return fc.tuple(...segments).map((chosen) => ({
    path: names.reduce((path, name, i) => path.replace(`{${name}}`, chosen[i]!.segment), endpoint.path),
    own: chosen.every((c) => c.own),
  }));
}

function queryOf(endpoint: Endpoint, base: Base): fc.Arbitrary<string> {
  if (!endpoint.query) return endpoint.method === "get" ? hostileQuery({}) : fc.constant("");
  const keys = Object.keys((endpoint.query as z.ZodObject).shape);
  const valid: Record<string, fc.Arbitrary<string>> = {};
  for (const key of keys) {
    if (key === "cursor") valid[key] = hostileCursor(base.cursors);
    else if (base.query && key in base.query) valid[key] = fc.constant(String(base.query[key]));
    else throw new Error(`${endpoint.path}: give query field ${key} a value in valid-requests.ts`);
  }
  return hostileQuery(valid);
}

function jsonBodyOf(schema: z.ZodType, base: Record<string, unknown>): fc.Arbitrary<Wire> {
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.tuple(jsonType, editedBody(base)).map(([contentType, value]) => ({
        contentType,
        body: bytes(JSON.stringify(value)),
        shown: value,
        accepted: !holdsUnstorable(value) && schema.safeParse(value).success,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(jsonType, notJson).map(([contentType, text]) => ({
        contentType,
        body: bytes(text),
        shown: text.length > 200 ? `${text.slice(0, 200)}…` : text,
        accepted: false,
      })),
    },
    {
      weight: 1,
      arbitrary: notJsonType.map((contentType) => ({
        contentType,
        body: bytes(JSON.stringify(base)),
        shown: base,
        accepted: false,
      })),
    },
    {
      weight: 1,
      arbitrary: jsonType.map((contentType) => ({
        contentType,
        body: bytes(JSON.stringify({ ...base, 填充: OVER_THE_LIMIT })),
        shown: `${JSON.stringify(base)} with 填充: 2.4 MB of text, over the body limit`,
        accepted: false,
      })),
    },
  );
}

/** 2.4 MB as UTF-8: over the server's limit on any request body. */
const OVER_THE_LIMIT = "字".repeat(800_000);

const isImage = (b: Uint8Array) =>
  b.length >= 16 &&
  (PNG_BYTES.subarray(0, 8).every((x, i) => b[i] === x) ||
    (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
    (String.fromCharCode(...b.subarray(0, 4)) === "RIFF" &&
      String.fromCharCode(...b.subarray(8, 12)) === "WEBP"));

const imageLike = fc.oneof(
  fc.uint8Array({ maxLength: 64 }),
  fc.integer({ min: 0, max: 15 }).map((n) => PNG_BYTES.slice(0, n)),
  fc.uint8Array({ maxLength: 40 }).map((rest) => Uint8Array.from([0xff, 0xd8, 0xff, ...rest])),
  fc
    .uint8Array({ minLength: 4, maxLength: 4 })
    .map((size) => bytes(`RIFF${String.fromCharCode(...size)}WEBPVP8 `)),
);

/** Multipart forms with a wrong field, a text field, a file that is no image; other content types. */
const uploadBody: fc.Arbitrary<Wire> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record({
        field: fc.constantFrom("file", "avatar", "File", "file[]", ""),
        data: imageLike,
        asText: fc.boolean(),
        type: fc.constantFrom("image/png", "text/plain", "application/octet-stream", ""),
      })
      .map(({ field, data, asText, type }) => {
        const form = new FormData();
        form.set(field, asText ? new TextDecoder().decode(data) : new File([data], "头像.png", { type }));
        return {
          body: form,
          shown: { field, asText, type, data: [...data] },
          accepted: field === "file" && !asText && isImage(data),
        };
      }),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({
        contentType: fc.constantFrom(
          ...["image/png", "application/json", "text/plain", "application/octet-stream", ""],
          ...["multipart/form-data", "multipart/form-data; boundary=", "multipart/form-data; boundary=zz"],
        ),
        data: fc.oneof(imageLike, fc.constant(PNG_BYTES)),
      })
      .map(({ contentType, data }) => ({
        contentType,
        body: data,
        shown: { contentType, data: [...data] },
        accepted: false,
      })),
  },
  {
    weight: 1,
    arbitrary: fc.constant(null).map(() => {
      const form = new FormData();
      const big = new Uint8Array(2 * 1024 * 1024 + 1);
      big.set(PNG_BYTES);
      form.set("file", new File([big], "big.png", { type: "image/png" }));
      return { body: form, shown: "a PNG of 2 MB + 1 byte", accepted: false };
    }),
  },
);

/**
 * The requests the fuzzing sends to one endpoint: its valid request with the path, the query, the
 * body, the content type or the token broken. A call that changes data (anything but GET) gets
 * only requests the contract refuses: its answer must be a refusal that changes nothing.
 */
export function fuzzCases(endpoint: Endpoint, base: Base): fc.Arbitrary<FuzzCase> {
  const body: fc.Arbitrary<Wire | undefined> = endpoint.upload
    ? uploadBody
    : endpoint.body
      ? jsonBodyOf(endpoint.body, base.body as Record<string, unknown>)
      : fc.constant(undefined);
  const token = endpoint.auth
    ? fc.oneof({ weight: 6, arbitrary: fc.constant("session" as const) }, fc.constant("capture" as const))
    : fc.constant("session" as const);
  const tokenFits = (t: FuzzCase["token"]) =>
    !endpoint.auth || t === "session" || endpoint.token === "capture";
  return fc
    .record({ path: pathOf(endpoint, base.params), query: queryOf(endpoint, base), body, token })
    .map(({ path, query, body, token }) => {
      const shown = { path: path.path, query, token, type: body?.contentType, body: body?.shown };
      return {
        path: path.path,
        query,
        token,
        contentType: body?.contentType,
        body: body?.body,
        accepted: path.own && tokenFits(token) && (body?.accepted ?? true),
        // fast-check prints this in a counterexample, and the test in its messages
        [fc.toStringMethod]: () => JSON.stringify(shown).slice(0, 600),
      };
    })
    .filter((c) => endpoint.method === "get" || !c.accepted);
}
