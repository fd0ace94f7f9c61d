import { Alert, Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from "@shinian/ui";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { useAuth } from "../../auth/auth-context.tsx";
import { updateProfile } from "../../data/account.ts";
import { useAiInfo } from "../chat/use-ai-info.ts";

/**
 * 自动整理, asked once (while the account has not chosen) and saved on the tap. Not asked where the
 * server has no model to tidy with. 个人资料 changes it later.
 */
export function AutoTidyChoice() {
  const auth = useAuth();
  const { info } = useAiInfo();
  const [asked] = React.useState(() => !auth.user?.settings?.autoTidyChosen);
  const [error, setError] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState<boolean | null>(null);
  if (!asked || !info?.tidyAvailable) return null;
  const chosen = auth.user?.settings?.autoTidyChosen ? auth.user.settings.autoTidy : null;

  const choose = async (autoTidy: boolean) => {
    setPending(autoTidy);
    setError(null);
    try {
      auth.updateUser(await updateProfile({ settings: { autoTidy } }));
    } catch (e) {
      setError(errorMessage(e, "保存失败"));
    } finally {
      setPending(null);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>要开启自动整理吗？</CardTitle>
        <CardDescription>
          每条新想法保存后，由 AI 起标题、理顺文字、打上标签，每条消耗 {info.costs.tidyIdea} 个 AI
          点数。原文永远保留，一键即可恢复；之后可在个人资料中更改。
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <fieldset aria-label="自动整理" className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {(
            [
              [true, "开启自动整理"],
              [false, "暂不开启"],
            ] as const
          ).map(([value, label]) => (
            <Button
              key={label}
              variant={chosen === value ? "primary" : "secondary"}
              aria-pressed={chosen === value}
              loading={pending === value}
              className="max-lg:h-11"
              onClick={() => void choose(value)}
            >
              {label}
            </Button>
          ))}
        </fieldset>
        {error ? <Alert tone="error" description={error} /> : null}
      </CardContent>
    </Card>
  );
}
