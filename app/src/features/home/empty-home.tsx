import { EmptyState } from "@shinian/ui";
import { useTouchScreen } from "../../hooks/use-touch-screen.ts";
import { ImportLink } from "../guide/import-link.tsx";

/** 首页 with nothing in it: write the first idea, or bring the old ones over from flomo / memos. */
export default function EmptyHome() {
  const touch = useTouchScreen();
  return (
    <EmptyState
      title="还没有内容"
      description={`在上面写下第一个想法吧${touch ? "" : "，⌘/Ctrl+Enter 即可保存"}。以前的记录也可以导进来。`}
      action={<ImportLink />}
    />
  );
}
