import type { SourceFile } from "./records.ts";

/** The first `bytes` of a file (fewer when it is shorter); the rest is never read. */
export async function headOf(file: SourceFile, bytes: number): Promise<Buffer> {
  const stream = await file.open();
  const pieces: Buffer[] = [];
  let length = 0;
  try {
    for await (const piece of stream as AsyncIterable<Buffer>) {
      pieces.push(piece);
      length += piece.length;
      if (length >= bytes) break;
    }
  } finally {
    stream.destroy();
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
  const pieces: Buffer[] = [];
  // read to its end (not headOf's early stop, which aborts the stream: costly per file)
  for await (const piece of (await file.open()) as AsyncIterable<Buffer>) pieces.push(piece);
  const bytes = Buffer.concat(pieces);
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
