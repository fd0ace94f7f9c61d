import { call } from "./client.ts";

export const fetchTrash = () => call("listTrash");
export const restoreFromTrash = (id: string) => call("restoreFromTrash", { params: { id } });
export const deleteFromTrash = (id: string) => call("deleteFromTrash", { params: { id } });
export const emptyTrash = () => call("emptyTrash");
