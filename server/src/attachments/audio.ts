import { ApiError } from "../errors.ts";
import { containsMarkup } from "./image.ts";

export type AudioFormat = "webm" | "ogg" | "mp4" | "mp3" | "wav" | "amr";

const CONTENT_TYPES: Record<AudioFormat, string> = {
  webm: "audio/webm",
  ogg: "audio/ogg",
  mp4: "audio/mp4",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  // WeChat's voice messages (media API): kept as sent, to download; browsers do not play it
  amr: "audio/amr",
};

/** The stored types of recordings, and the extension each gets in an export. */
export const AUDIO_EXTENSIONS: Record<string, string> = {
  "audio/webm": "webm",
  "audio/ogg": "ogg",
  "audio/mp4": "m4a",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
  "audio/amr": "amr",
};

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** ISO base media brands of audio files (Safari's MediaRecorder writes `iso5`/`mp42`, iTunes `M4A `). */
const MP4_BRANDS = /^(M4A |M4B |mp41|mp42|isom|iso2|iso4|iso5|iso6|dash|3gp4|3gp5|3gp6)$/;

/** An MPEG audio frame header of Layer III (MP3 without an ID3 tag): sync bits, a valid version, bitrate and rate. */
const isMp3Frame = (b: Uint8Array) =>
  b[0] === 0xff &&
  (b[1]! & 0xe0) === 0xe0 &&
  (b[1]! & 0x18) !== 0x08 &&
  (b[1]! & 0x06) === 0x02 &&
  (b[2]! & 0xf0) !== 0xf0 &&
  (b[2]! & 0x0c) !== 0x0c;

/** A Matroska/WebM file names its DocType in the EBML header, within the first few dozen bytes. */
const isWebm = (b: Uint8Array) =>
  b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3 && ascii(b, 4, 64).includes("webm");

/** The recording's format from its first bytes, never from the name or the declared type; null: not a recording. */
export function sniffAudioFormat(bytes: Uint8Array): AudioFormat | null {
  if (bytes.length < 16) return null;
  if (isWebm(bytes)) return "webm";
  if (ascii(bytes, 0, 4) === "OggS" && bytes[4] === 0) return "ogg";
  if (ascii(bytes, 4, 8) === "ftyp" && MP4_BRANDS.test(ascii(bytes, 8, 12))) return "mp4";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WAVE") return "wav";
  if (ascii(bytes, 0, 6) === "#!AMR\n" || ascii(bytes, 0, 9) === "#!AMR-WB\n") return "amr";
  if (ascii(bytes, 0, 3) === "ID3" || isMp3Frame(bytes)) return "mp3";
  return null;
}

export type ProcessedAudio = { kind: "audio"; contentType: string; data: Buffer; thumb: null };

/**
 * A recording is kept as it came (no re-encoding: a browser plays what it recorded), so what
 * would make a browser take it for a page is refused outright. 415 with a Chinese reason.
 */
export function processAudio(bytes: Buffer, format: AudioFormat): ProcessedAudio {
  if (containsMarkup(bytes)) {
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "录音中夹带了网页或脚本内容，已拒绝上传");
  }
  return { kind: "audio", contentType: CONTENT_TYPES[format], data: bytes, thumb: null };
}
