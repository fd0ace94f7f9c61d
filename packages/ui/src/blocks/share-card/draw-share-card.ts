/** What a share card shows: plain text (no Markdown), the date as the person reads it, the tags. */
export type ShareCardContent = {
  title?: string;
  text: string;
  date: string;
  tags: readonly string[];
};
export type ShareCardTheme = "light" | "dark";

/** The PNG's width in pixels: sharp on a phone's screen and in a chat, small enough to send. */
export const SHARE_CARD_WIDTH = 1080;
/** Lines of text a card holds; a longer memo ends in … (the card is a glimpse, not an export). */
export const SHARE_CARD_MAX_LINES = 28;

// The brand's colours (tokens.css), fixed here: the card looks the same whatever page drew it.
const PALETTES = {
  light: {
    background: "#ffffff",
    foreground: "#1c1917",
    muted: "#57534e",
    border: "#e7e5e4",
    primary: "#c2410c",
    onPrimary: "#ffffff",
    tag: "#fff7ed",
    onTag: "#9a3412",
  },
  dark: {
    background: "#1c1917",
    foreground: "#f5f5f4",
    muted: "#a8a29e",
    border: "#44403c",
    primary: "#f97316",
    onPrimary: "#1c1917",
    tag: "#431407",
    onTag: "#fed7aa",
  },
} as const;

const FONT =
  '"PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "Microsoft YaHei", system-ui, sans-serif';
const PAD = 96;
const TEXT_SIZE = 44;
const TEXT_LINE = 76;
const TITLE_SIZE = 56;
const TITLE_LINE = 84;

/** Never at the start of a line (closing punctuation); never at the end (opening). */
const NO_LINE_START = /^[，。、！？；：）」』】》〉”’…—,.!?;:)\]}%]/u;
const NO_LINE_END = /[（「『【《〈“‘([{]$/u;
/** Runs kept whole on a line when they fit: Latin words and numbers (with what joins them), else one character. */
const PIECES = /[A-Za-z0-9@#&+\-_.:/'%]+|\s+|[\s\S]/gu;

/**
 * Text broken into lines no wider than `width` as `measure` reads them: Chinese may break between
 * any two characters, a Latin word or number only where it has space, closing punctuation never
 * opens a line. Newlines are kept (a blank line stays blank).
 */
export function wrapLines(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const piece of paragraph.match(PIECES) ?? []) {
      if (!line && /^\s+$/.test(piece)) continue;
      if (measure(line + piece) <= width) {
        line += piece;
        continue;
      }
      if (measure(piece) > width) {
        // a word longer than a line goes by characters
        for (const ch of piece) {
          if (measure(line + ch) > width && line) {
            lines.push(line);
            line = "";
          }
          line += ch;
        }
        continue;
      }
      let carry = /^\s+$/.test(piece) ? "" : piece;
      // keep a closing mark with the character before it, an opening one with what follows
      if (carry && NO_LINE_START.test(carry) && line.length > 1) {
        carry = line.slice(-1) + carry;
        line = line.slice(0, -1);
      } else if (NO_LINE_END.test(line) && line.length > 1) {
        carry = line.slice(-1) + carry;
        line = line.slice(0, -1);
      }
      lines.push(line.trimEnd());
      line = carry;
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** `lines` cut to `max`, the last ending in … when some were left out. */
function clip(lines: string[], max: number, measure: (s: string) => number, width: number) {
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  let last = kept[max - 1] ?? "";
  while (last && measure(`${last}…`) > width) last = last.slice(0, -1);
  kept[max - 1] = `${last}…`;
  return kept;
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
}

/**
 * Draws the card on `canvas` (SHARE_CARD_WIDTH wide, as tall as its text): the 拾念 mark, the
 * title and text wrapped for Chinese, the tags, the date.
 */
export function drawShareCard(canvas: HTMLCanvasElement, content: ShareCardContent, theme: ShareCardTheme) {
  const colors = PALETTES[theme];
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("canvas 2d unavailable");
  const inner = SHARE_CARD_WIDTH - PAD * 2;
  const fontOf = (size: number, weight = 400) => `${weight} ${size}px ${FONT}`;
  const measureAt = (font: string) => (s: string) => {
    ctx.font = font;
    return ctx.measureText(s).width;
  };

  const title = content.title?.trim() ?? "";
  const titleMeasure = measureAt(fontOf(TITLE_SIZE, 700));
  const titleLines = title ? clip(wrapLines(title, inner, titleMeasure), 3, titleMeasure, inner) : [];
  const textMeasure = measureAt(fontOf(TEXT_SIZE));
  const body = content.text.trim().replace(/\n{3,}/g, "\n\n");
  const textLines = clip(wrapLines(body, inner, textMeasure), SHARE_CARD_MAX_LINES, textMeasure, inner);

  // the tags as chips, in rows
  const tagFont = fontOf(34, 500);
  const tagMeasure = measureAt(tagFont);
  const chipH = 60;
  const chips: { x: number; y: number; w: number; label: string }[] = [];
  let cx = 0;
  let row = 0;
  for (const tag of content.tags.slice(0, 10)) {
    const label = `#${tag}`;
    const w = Math.min(tagMeasure(label) + 48, inner);
    if (cx && cx + w > inner) {
      cx = 0;
      row += 1;
    }
    chips.push({ x: cx, y: row * (chipH + 16), w, label });
    cx += w + 16;
  }
  const tagsHeight = chips.length ? (row + 1) * (chipH + 16) - 16 : 0;

  const head = 72; // the mark
  let height = PAD + head + 64;
  height += titleLines.length * TITLE_LINE + (titleLines.length ? 24 : 0);
  height += textLines.length * TEXT_LINE;
  height += tagsHeight ? 48 + tagsHeight : 0;
  height += 56 + 2 + 40 + 40 + PAD; // rule, date line
  canvas.width = SHARE_CARD_WIDTH;
  canvas.height = Math.max(Math.ceil(height), SHARE_CARD_WIDTH * 0.75);

  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.textBaseline = "alphabetic";

  // the mark: 拾 on the brand's square, then 拾念
  ctx.fillStyle = colors.primary;
  roundRect(ctx, PAD, PAD, head, head, 16);
  ctx.fillStyle = colors.onPrimary;
  ctx.font = fontOf(44, 700);
  ctx.textAlign = "center";
  ctx.fillText("拾", PAD + head / 2, PAD + head / 2 + 16);
  ctx.textAlign = "left";
  ctx.fillStyle = colors.foreground;
  ctx.font = fontOf(40, 700);
  ctx.fillText("拾念", PAD + head + 24, PAD + head / 2 + 14);

  let y = PAD + head + 64;
  ctx.fillStyle = colors.foreground;
  ctx.font = fontOf(TITLE_SIZE, 700);
  for (const line of titleLines) {
    ctx.fillText(line, PAD, y + TITLE_SIZE);
    y += TITLE_LINE;
  }
  if (titleLines.length) y += 24;
  ctx.font = fontOf(TEXT_SIZE);
  for (const line of textLines) {
    ctx.fillText(line, PAD, y + TEXT_SIZE + (TEXT_LINE - TEXT_SIZE) / 2 - 6);
    y += TEXT_LINE;
  }
  if (chips.length) {
    y += 48;
    ctx.font = tagFont;
    for (const chip of chips) {
      ctx.fillStyle = colors.tag;
      roundRect(ctx, PAD + chip.x, y + chip.y, chip.w, chipH, chipH / 2);
      ctx.fillStyle = colors.onTag;
      let label = chip.label;
      while (tagMeasure(label) > chip.w - 48 && label.length > 2) label = `${label.slice(0, -2)}…`;
      ctx.fillText(label, PAD + chip.x + 24, y + chip.y + 42);
    }
    y += tagsHeight;
  }
  y = Math.max(y + 56, canvas.height - PAD - 82);
  ctx.fillStyle = colors.border;
  ctx.fillRect(PAD, y, inner, 2);
  ctx.fillStyle = colors.muted;
  ctx.font = fontOf(32);
  ctx.fillText(content.date, PAD, y + 2 + 40 + 32);
  ctx.textAlign = "right";
  ctx.fillText("记于拾念", SHARE_CARD_WIDTH - PAD, y + 2 + 40 + 32);
  ctx.textAlign = "left";
}

/** The card as a PNG. */
export function shareCardBlob(content: ShareCardContent, theme: ShareCardTheme): Promise<Blob> {
  const canvas = document.createElement("canvas");
  drawShareCard(canvas, content, theme);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob?.size ? resolve(blob) : reject(new Error("PNG not made"))), "image/png"),
  );
}

export type ShareOutcome = "shared" | "downloaded" | "cancelled";

/**
 * Hands the PNG to the system's share sheet where it takes files (phones), else saves it as a
 * download. A share the person closes is no error.
 */
export async function shareOrDownload(
  blob: Blob,
  fileName: string,
  via: "share" | "download",
): Promise<ShareOutcome> {
  if (via === "share") {
    const file = new File([blob], fileName, { type: "image/png" });
    try {
      await navigator.share({ files: [file] });
      return "shared";
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
      throw error;
    }
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has read it by the next task; a minute is generous
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return "downloaded";
}

/** Whether this device's share sheet takes an image file (phones; some desktops). */
export function canShareImage(): boolean {
  if (typeof navigator.canShare !== "function") return false;
  try {
    return navigator.canShare({ files: [new File([new Uint8Array(1)], "拾念.png", { type: "image/png" })] });
  } catch {
    return false;
  }
}
