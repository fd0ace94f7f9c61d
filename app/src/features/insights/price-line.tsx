import type { InsightPrice } from "@shinian/contract";
import { insightPriceText } from "../../data/insights.ts";

/** What the scope holds and what 生成 will cost, said before it runs. */
export function PriceLine({ price }: { price: InsightPrice }) {
  return (
    <p data-slot="insight-price" aria-live="polite" className="text-muted-foreground text-sm">
      {insightPriceText(price)}
    </p>
  );
}
