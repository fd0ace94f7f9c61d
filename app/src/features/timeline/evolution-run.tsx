import type { InsightScope } from "@shinian/contract";
import { Alert, Button, Card, CardContent, CardHeader, CardTitle } from "@shinian/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { createInsight, insightKeys, insightPriceQuery, insightPriceText } from "../../data/insights.ts";

/** 让 AI 写演变: the price first, then an insight with the 演变 lens, saved and opened. */
export function EvolutionRun({ scope }: { scope: InsightScope }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const price = useQuery(insightPriceQuery(scope));
  const [running, setRunning] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const cost = price.data;
  const ready = cost?.available === true && !cost.tooFew && cost.balance >= cost.points;

  const run = async () => {
    setRunning(true);
    setError(null);
    try {
      const { insight } = await createInsight({ scope, lens: "evolution" });
      queryClient.setQueryData(insightKeys.one(insight.id), insight);
      await queryClient.invalidateQueries({ queryKey: insightKeys.all });
      void navigate({ to: "/insights/$id", params: { id: insight.id } });
    } catch (e) {
      setError(errorMessage(e, "生成失败"));
      setRunning(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>让 AI 写演变</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-muted-foreground text-sm">
          AI
          按时间读这些记录，写出你的看法怎样变化，每一点都引用当时的原话和日期，前后矛盾的地方会直接指出；记录太少或看不出变化时，它会如实说明。结果保存为一份洞察。
        </p>
        {error ? <Alert tone="error" description={error} /> : null}
        {price.error ? <Alert tone="error" description="价格查询失败，请稍后再试" /> : null}
        {/* the 洞察 page's price line, in words of its own chunk (insights/price-line.tsx) */}
        {cost ? (
          <p data-slot="insight-price" aria-live="polite" className="text-muted-foreground text-sm">
            {insightPriceText(cost)}
          </p>
        ) : null}
        <Button
          loading={running}
          disabled={!ready}
          onClick={() => void run()}
          className="self-end max-md:h-11"
        >
          写演变
        </Button>
      </CardContent>
    </Card>
  );
}
