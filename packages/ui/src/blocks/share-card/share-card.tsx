import { Download, Share2 } from "lucide-react";
import * as React from "react";
import { Alert } from "../../primitives/alert";
import { Button } from "../../primitives/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../primitives/dialog";
import { Spinner } from "../../primitives/spinner";
import {
  canShareImage,
  type ShareCardContent,
  type ShareCardTheme,
  shareCardBlob,
  shareOrDownload,
} from "./draw-share-card";

export type ShareCardProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  content: ShareCardContent;
  /** The PNG's name, e.g. 拾念-2026-11-22.png. */
  fileName: string;
  defaultTheme?: ShareCardTheme;
};

const THEMES: { value: ShareCardTheme; label: string }[] = [
  { value: "light", label: "浅色" },
  { value: "dark", label: "深色" },
];

/**
 * 分享卡片: the idea drawn as an image on this device (nothing is uploaded), previewed in light or
 * dark, then handed to the share sheet where the device has one for files, or saved as a PNG.
 */
export function ShareCard({ open, onOpenChange, content, fileName, defaultTheme = "light" }: ShareCardProps) {
  const [theme, setTheme] = React.useState<ShareCardTheme>(defaultTheme);
  const [card, setCard] = React.useState<{ blob: Blob; url: string; theme: ShareCardTheme } | null>(null);
  const [status, setStatus] = React.useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [sharing, setSharing] = React.useState(false);
  const shareable = React.useMemo(() => open && canShareImage(), [open]);

  const shown = React.useRef<string | null>(null);
  // drawn again when the words or the colours change, not when the same content comes anew
  const drawn = JSON.stringify(content);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `drawn` stands for content
  React.useEffect(() => {
    if (!open) return;
    let live = true;
    shareCardBlob(content, theme).then(
      (blob) => {
        if (!live) return;
        const url = URL.createObjectURL(blob);
        if (shown.current) URL.revokeObjectURL(shown.current);
        shown.current = url;
        // the last card stays on screen until this one is ready: no flash of a spinner
        setCard({ blob, url, theme });
      },
      () => live && setStatus({ tone: "error", text: "卡片没能画出来，请稍后再试" }),
    );
    return () => {
      live = false;
    };
  }, [open, drawn, theme]);
  // the last card's URL goes with the dialog
  React.useEffect(
    () => () => {
      if (shown.current) URL.revokeObjectURL(shown.current);
      shown.current = null;
    },
    [],
  );

  const send = async (via: "share" | "download") => {
    if (!card) return;
    setSharing(true);
    setStatus(null);
    try {
      const outcome = await shareOrDownload(card.blob, fileName, via);
      if (outcome === "downloaded") setStatus({ tone: "success", text: `图片已保存：${fileName}` });
      if (outcome === "shared") onOpenChange(false);
    } catch {
      setStatus({ tone: "error", text: "没能分享，可以先保存图片再发送" });
    } finally {
      setSharing(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md" data-slot="share-card">
        <DialogHeader>
          <DialogTitle>分享卡片</DialogTitle>
          <DialogDescription>卡片在这台设备上生成，不会上传。</DialogDescription>
        </DialogHeader>
        <fieldset className="flex gap-2">
          <legend className="sr-only">卡片颜色</legend>
          {THEMES.map((option) => (
            <Button
              key={option.value}
              type="button"
              size="sm"
              variant={theme === option.value ? "primary" : "secondary"}
              aria-pressed={theme === option.value}
              className="max-sm:h-11"
              onClick={() => setTheme(option.value)}
            >
              {option.label}
            </Button>
          ))}
        </fieldset>
        <div className="flex min-h-48 items-center justify-center rounded-md bg-muted p-3">
          {card ? (
            <img
              src={card.url}
              alt="分享卡片预览"
              data-theme-card={card.theme}
              className="max-h-[55dvh] w-auto max-w-full rounded-md shadow-md"
            />
          ) : (
            <Spinner label="正在生成卡片" />
          )}
        </div>
        {status ? <Alert tone={status.tone} description={status.text} /> : null}
        <DialogFooter>
          {shareable ? (
            <>
              <Button
                variant="secondary"
                className="max-sm:h-11"
                disabled={!card || sharing}
                onClick={() => void send("download")}
              >
                <Download aria-hidden />
                保存图片
              </Button>
              <Button
                className="max-sm:h-11"
                disabled={!card}
                loading={sharing}
                onClick={() => void send("share")}
              >
                <Share2 aria-hidden />
                分享
              </Button>
            </>
          ) : (
            <Button
              className="max-sm:h-11"
              disabled={!card}
              loading={sharing}
              onClick={() => void send("download")}
            >
              <Download aria-hidden />
              下载图片
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
