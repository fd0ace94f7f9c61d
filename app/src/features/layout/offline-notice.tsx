import { Alert } from "@shinian/ui";
import { useOnline } from "../../hooks/use-online.ts";

// A strip above the page, in the flow, at every width: floating at the bottom left it covered the
// feed on phones and the feed's left edge from 1024 to 1440 px. It scrolls away; the top bar stays.
const strip =
  "rounded-none border-x-0 border-t-0 py-2 pt-[max(0.5rem,env(safe-area-inset-top))] pr-[max(1rem,env(safe-area-inset-right))] pl-[max(1rem,env(safe-area-inset-left))] md:px-6";

/**
 * 你已离线 while the device is offline, pushing the page down rather than covering it: the one
 * offline banner (首页's list and its queue say nothing more), so it says what 首页 shows and that
 * new ideas wait as 待同步 (they are saved ideas, not drafts).
 */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      tone="warning"
      data-slot="offline-notice"
      className={strip}
      title="你已离线"
      description="显示的是本机保存的内容。新记下的想法待同步，联网后自动保存到云端。"
    />
  );
}
