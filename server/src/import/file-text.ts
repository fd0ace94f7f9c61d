import type { SourceFile } from "./records.ts";

/** A file's bytes as they are read; its stream is destroyed however the reading ends. */
export async function* chunksOf(file: SourceFile): AsyncGenerator<Buffer> {
  const stream = await file.open();
  try {
    yield* stream as AsyncIterable<Buffer>;
  } finally {
    stream.destroy();
  }
}

/** A whole file's bytes, or null once it passes `maxBytes` (whatever size it states). */
export async function bytesOf(file: SourceFile, maxBytes = Number.POSITIVE_INFINITY): Promise<Buffer | null> {
  const pieces: Buffer[] = [];
  let length = 0;
  for await (const piece of chunksOf(file)) {
    length += piece.length;
    if (length > maxBytes) return null;
    pieces.push(piece);
  }
  return Buffer.concat(pieces, length);
}

/** The first `bytes` of a file (fewer when it is shorter); the rest is never read. */
export async function headOf(file: SourceFile, bytes: number): Promise<Buffer> {
  const pieces: Buffer[] = [];
  let length = 0;
  for await (const piece of chunksOf(file)) {
    pieces.push(piece);
    length += piece.length;
    if (length >= bytes) break;
  }
  return Buffer.concat(pieces).subarray(0, bytes);
}

/** Whether bytes read as UTF-8 text: no NUL, no invalid sequence (one cut at the end is allowed). */
export function looksLikeText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** A whole file as UTF-8 text (BOM dropped, line ends made \n), or null when it is not text. */
export async function textOf(file: SourceFile): Promise<string | null> {
  const bytes = (await bytesOf(file))!;
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/\r\n?/g, "\n");
  } catch {
    return null;
  }
}

/** macOS's and editors' bookkeeping in a zip (__MACOSX/, .DS_Store): not the person's files. */
export const isBookkeeping = (name: string) =>
  name.split("/").some((level) => level === "__MACOSX" || level.startsWith("."));
