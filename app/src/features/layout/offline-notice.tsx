import { Alert } from "@shinian/ui";
import { useOnline } from "../../hooks/use-online.ts";

/** 你已离线, floating at the bottom left while the device is offline. */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      tone="warning"
      className="fixed bottom-4 left-4 z-floating w-auto max-w-[min(420px,calc(100vw-2rem))] shadow-md"
      title="你已离线"
      description="可以继续浏览和记录，草稿会保存在本机；联网后再保存到云端。"
    />
  );
}
