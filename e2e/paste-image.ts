import type { Locator, Page } from "@playwright/test";

/**
 * A file as a clipboard carries it: a PNG drawn in the page (`drawn`: an orange card with a blue
 * block), given bytes, or text that only claims to be an image.
 */
export type PastedFile = { name: string; type: string } & (
  | { drawn: { width: number; height: number } }
  | { bytes: number[] }
  | { text: string }
);

/** Pastes one file into `target` as a clipboard does. */
export async function pasteFile(target: Locator, file: PastedFile) {
  await target.evaluate(async (el, f) => {
    let blob: Blob;
    if ("drawn" in f) {
      const { width, height } = f.drawn;
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext("2d")!;
      g.fillStyle = "#f97316";
      g.fillRect(0, 0, width, height);
      g.fillStyle = "#0ea5e9";
      g.fillRect(width / 4, height / 4, width / 2, height / 2);
      blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
    } else blob = new Blob("bytes" in f ? [new Uint8Array(f.bytes)] : [f.text], { type: f.type });
    const data = new DataTransfer();
    data.items.add(new File([blob], f.name, { type: f.type }));
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, file);
}

/**
 * Pastes a file into the composer: a PNG drawn in the page (`png`), or bytes that only claim to
 * be one (`fake`).
 */
export async function pasteImage(page: Page, file: "png" | "fake") {
  await pasteFile(
    page.getByPlaceholder("记录一个想法…"),
    file === "png"
      ? { name: "白板.png", type: "image/png", drawn: { width: 120, height: 80 } }
      : { name: "假图片.png", type: "image/png", text: "<html>这不是图片，只是改了扩展名</html>" },
  );
}
