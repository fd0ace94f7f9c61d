import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@shinian/ui";
import { Link, useSearch } from "@tanstack/react-router";
import { MoreButton } from "./more-button.tsx";

/**
 * 首页's 更多 menu: the places a person looks for from here (回收站 first), not only in 个人资料;
 * with a tag chosen, its 演变 (here, loaded on the first press, rather than on 首页's first screen).
 */
export default function HomeMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { tag } = useSearch({ from: "/_authenticated/" });
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <MoreButton />
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
          <Link to="/insights">洞察</Link>
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
