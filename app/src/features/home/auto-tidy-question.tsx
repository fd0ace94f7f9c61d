import { useAuth } from "../../auth/auth-context.tsx";
import { AutoTidyChoice } from "../guide/auto-tidy-choice.tsx";

/**
 * 自动整理 asked once on 首页, for an account that finished the guide before the guide asked it
 * (or whose old default was taken back): gone as soon as the choice is saved.
 */
export default function AutoTidyQuestion() {
  const { user } = useAuth();
  return user?.settings?.autoTidyChosen ? null : <AutoTidyChoice />;
}
