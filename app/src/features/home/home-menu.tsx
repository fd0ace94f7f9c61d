import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@shinian/ui";
import { Link } from "@tanstack/react-router";
import { MoreButton } from "./more-button.tsx";

/** 首页's 更多 menu: the places a person looks for from here (回收站 first), not only in 个人资料. */
export default function HomeMenu({
  defaultOpen = false,
  unread = 0,
}: {
  defaultOpen?: boolean;
  unread?: number;
}) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <MoreButton unread={unread} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link to="/trash">回收站</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/archive">归档</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/insights">
            洞察
            {unread ? (
              <span className="ms-auto rounded-full bg-primary px-1.5 text-primary-foreground text-xs">
                {unread}
                <span className="sr-only"> 份未读周报/月报</span>
              </span>
            ) : null}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/profile" hash="import">
            从 flomo / memos 导入
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/help">用户指南</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
