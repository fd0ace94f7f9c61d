import { Alert, Button } from "@shinian/ui";
import { errorMessage } from "../../api/client.ts";

/** A panel whose settings could not load: why, and 重试 (waiting while it reads again). */
export function LoadFailedAlert({
  title,
  error,
  retrying,
  onRetry,
}: {
  title: string;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Alert tone="error" title={title} description={errorMessage(error, "请稍后重试")}>
      <Button size="sm" variant="secondary" className="mt-2" disabled={retrying} onClick={onRetry}>
        重试
      </Button>
    </Alert>
  );
}
