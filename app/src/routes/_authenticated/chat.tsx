import { createFileRoute } from "@tanstack/react-router";
import { ChatScreen } from "../../features/pages/coming-soon.tsx";

export const Route = createFileRoute("/_authenticated/chat")({ component: ChatScreen });
