import { Button } from "@shinian/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { excludeFromReview, includeInReview, reviewExclusionQuery, reviewKeys } from "../../data/review.ts";

/**
 * An item page's 不再回顾 switch: set here or from 每日回顾, and undone here. Reports in the
 * editor's message line through `onMessage`.
 */
export function ReviewExclusionButton({
  itemId,
  onMessage,
}: {
  itemId: string;
  onMessage: (message: { tone: "success" | "error"; text: string }) => void;
}) {
  const queryClient = useQueryClient();
  const state = useQuery(reviewExclusionQuery(itemId));
  const [saving, setSaving] = React.useState(false);
  const excluded = state.data?.excluded ?? false;

  const toggle = async () => {
    setSaving(true);
    try {
      const next = excluded ? await includeInReview(itemId) : await excludeFromReview(itemId);
      queryClient.setQueryData(reviewKeys.exclusion(itemId), next);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.today });
      onMessage({ tone: "success", text: next.excluded ? "不再出现在每日回顾中" : "会重新出现在每日回顾中" });
    } catch (e) {
      onMessage({ tone: "error", text: errorMessage(e, "保存失败") });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Button
      variant={excluded ? "primary" : "secondary"}
      size="sm"
      className="max-md:h-11"
      aria-pressed={excluded}
      disabled={!state.data || saving}
      onClick={() => void toggle()}
    >
      不再回顾
    </Button>
  );
}
