import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@shinian/ui";
import { Link, useSearch } from "@tanstack/react-router";
import { MoreButton } from "./more-button.tsx";

/**
 * 首页's 更多 menu: the places a person looks for from here (回收站 first), not only in 个人资料;
 * with a tag chosen, its 演变 (here, loaded on the first press, rather than on 首页's first screen).
 */
export default function HomeMenu({
  defaultOpen = false,
  unread = 0,
}: {
  defaultOpen?: boolean;
  unread?: number;
}) {
  const { tag } = useSearch({ from: "/_authenticated/" });
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <MoreButton unread={unread} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {tag ? (
          <DropdownMenuItem asChild>
            <Link to="/timeline" search={{ tag }}>
              #{tag} 的演变
            </Link>
          </DropdownMenuItem>
        ) : null}
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
