import { createFileRoute } from "@tanstack/react-router";
import { DataLayout } from "../../features/layout/data-layout.tsx";

/**
 * The screens that read server data through the query cache sit under this pathless layout, so
 * TanStack Query's code loads with them and not with 首页 or /login (app/docs/decisions.md).
 */
export const Route = createFileRoute("/_authenticated/_data")({ component: DataLayout });
