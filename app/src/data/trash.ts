import { queryOptions } from "@tanstack/react-query";
import { fetchTrash } from "../api/trash.ts";

/** 回收站's items; restoring or deleting one changes it, and a restore also 首页 and the item's page. */
export const trashKeys = { list: ["trash"] as const };

export const trashQuery = queryOptions({ queryKey: trashKeys.list, queryFn: fetchTrash });
