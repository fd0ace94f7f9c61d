import { CalendarHeart, Sunrise } from "lucide-react";
import { EmptyState, type EmptyStateProps } from "../../primitives/empty-state";

export type ReviewEmptyStateProps = Omit<EmptyStateProps, "title" | "icon"> & {
  /** `review`: nothing old enough to review yet; `onThisDay`: nothing captured on this day before. */
  kind: "review" | "onThisDay";
  title?: string;
};

const texts = {
  review: {
    title: "还没有可以回顾的内容",
    description:
      "每日回顾每天从今天以前记下的想法和笔记里挑几条（导入的按原来的日期算）。今天新记的，明天起才会出现。",
  },
  onThisDay: {
    title: "往年的今天还没有记录",
    description: "这里会出现你在往年今天记下的想法和笔记；还不满一年时，显示往月同一天记下的。",
  },
};

/** What 每日回顾's page says where it has nothing to show yet, and what will appear there. */
export function ReviewEmptyState({ kind, title, description, ...props }: ReviewEmptyStateProps) {
  return (
    <EmptyState
      data-kind={kind}
      size="sm"
      icon={kind === "review" ? <Sunrise /> : <CalendarHeart />}
      title={title ?? texts[kind].title}
      description={description ?? texts[kind].description}
      {...props}
    />
  );
}
