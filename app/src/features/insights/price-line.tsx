import type { InsightPrice } from "@shinian/contract";
import { INSIGHT_MIN_ITEMS } from "@shinian/contract/insight-lenses";

/** What the scope holds and what 生成 will cost, said before it runs. */
export function PriceLine({ price }: { price: InsightPrice }) {
  const text = !price.available
    ? "洞察需要 AI 服务，这台服务器没有配置（本地模式）。"
    : price.tooFew
      ? `这个范围里只有 ${price.items} 条 AI 可以读取的记录，至少要 ${INSIGHT_MIN_ITEMS} 条才能生成洞察。`
      : `将读取 ${price.items} 条记录${price.capped ? "（只取最近的）" : ""}，不让AI读取的不算。生成需要 ${price.points} 点，当前余额 ${price.balance} 点${price.balance < price.points ? "，点数不足" : ""}。`;
  return (
    <p data-slot="insight-price" aria-live="polite" className="text-muted-foreground text-sm">
      {text}
    </p>
  );
}
