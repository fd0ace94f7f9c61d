import { Button } from "@shinian/ui";
import { Link } from "@tanstack/react-router";

/** 从 flomo / memos 导入: to 个人资料's import card, which the page scrolls to (#import). */
export function ImportLink({ variant = "secondary" }: { variant?: "secondary" | "ghost" }) {
  return (
    <Button asChild variant={variant} className="max-lg:h-11">
      <Link to="/profile" hash="import">
        从 flomo / memos 导入
      </Link>
    </Button>
  );
}
