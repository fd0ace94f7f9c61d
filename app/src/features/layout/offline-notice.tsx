import { Alert } from "@shinian/ui";
import { useOnline } from "../../hooks/use-online.ts";

// Below 1024 px a strip at the top of the page, in the flow: floating, it covered the feed on
// phones. From 1024 px it floats at the bottom left, beside the centred column.
const placement =
  "rounded-none border-x-0 border-t-0 py-2 pt-[max(0.5rem,env(safe-area-inset-top))] pr-[max(1rem,env(safe-area-inset-right))] pl-[max(1rem,env(safe-area-inset-left))] " +
  "lg:fixed lg:bottom-4 lg:left-4 lg:z-floating lg:w-auto lg:max-w-[420px] lg:rounded-md lg:border lg:px-4 lg:py-3 lg:shadow-md";

/** 你已离线 while the device is offline: above the page on phones and tablets, floating on desktop. */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      tone="warning"
      className={placement}
      title="你已离线"
      description="可以继续浏览和记录，草稿会保存在本机；联网后再保存到云端。"
    />
  );
}
