import { queryOptions } from "@tanstack/react-query";
import { call } from "../api/client.ts";

/** 回收站's items; restoring or deleting one changes it, and a restore also 首页 and the item's page. */
export const trashKeys = { list: ["trash"] as const };

export const fetchTrash = () => call("listTrash");
export const trashQuery = queryOptions({ queryKey: trashKeys.list, queryFn: fetchTrash });

export const restoreFromTrash = (id: string) => call("restoreFromTrash", { params: { id } });
export const deleteFromTrash = (id: string) => call("deleteFromTrash", { params: { id } });
export const emptyTrash = () => call("emptyTrash");
