import type { Page } from "@playwright/test";

/**
 * Pastes a file into the composer as a clipboard does: a PNG drawn in the page (`png`), or bytes
 * that only claim to be one (`fake`).
 */
export async function pasteImage(page: Page, file: "png" | "fake") {
  await page.getByPlaceholder("记录一个想法…").evaluate(async (box, kind) => {
    let blob: Blob;
    if (kind === "png") {
      const canvas = document.createElement("canvas");
      canvas.width = 120;
      canvas.height = 80;
      const g = canvas.getContext("2d")!;
      g.fillStyle = "#f97316";
      g.fillRect(0, 0, 120, 80);
      g.fillStyle = "#0ea5e9";
      g.fillRect(30, 20, 60, 40);
      blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
    } else blob = new Blob(["<html>这不是图片，只是改了扩展名</html>"], { type: "image/png" });
    const data = new DataTransfer();
    data.items.add(new File([blob], kind === "png" ? "白板.png" : "假图片.png", { type: "image/png" }));
    box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, file);
}
