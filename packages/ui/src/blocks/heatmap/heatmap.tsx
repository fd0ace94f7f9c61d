import * as React from "react";
import { cn } from "../../lib/cn";

export type HeatmapDay = { date: string; count: number };

export type HeatmapProps = Omit<React.ComponentProps<"div">, "children"> & {
  /** Consecutive days, oldest first (`YYYY-MM-DD`); the last is shown selected at first. */
  days: HeatmapDay[];
  /** The grid's name, read with the total. */
  label?: string;
};

const WEEKDAYS = ["一", "二", "三", "四", "五", "六", "日"];

/**
 * Each count's level: 0 for none, else 1–4 by where it ranks among the days with a capture (its
 * middle rank, so equal days share a level), the busiest always 4. As in GitHub's calendar, one
 * very busy day does not pale all the others, as a share of the busiest day would.
 */
export function heatmapLevels(counts: readonly number[]): (count: number) => number {
  const busy = counts.filter((c) => c > 0).sort((a, b) => a - b);
  const levels = new Map<number, number>();
  for (let lo = 0, hi = 0; lo < busy.length; lo = hi) {
    while (hi < busy.length && busy[hi] === busy[lo]) hi++;
    const rank = (lo + hi) / 2 / busy.length;
    levels.set(busy[lo]!, hi === busy.length ? 4 : 1 + Math.min(3, Math.floor(rank * 4)));
  }
  return (count) => levels.get(count) ?? 0;
}

// Levels 1–2 are lighter than 3:1 against the card: their inset ring in the full colour keeps any
// day with a capture apart from an empty one; the exact count is in each cell's name and the readout.
const LEVELS = [
  "bg-subtle",
  "bg-primary/40 ring-1 ring-primary ring-inset",
  "bg-primary/65 ring-1 ring-primary ring-inset",
  "bg-primary/85",
  "bg-primary",
];

// 10 px as GitHub's where the year fits; on phones, where it scrolls anyway (the latest weeks in
// view), 14 px cells and 12 px labels: a quarter of a year at 320 px, legible and easier to touch
const CELL = "size-2.5 max-md:size-3.5";
const GAP = "gap-[3px]";

const parts = (date: string) => date.split("-").map(Number) as [number, number, number];
/** 2026年3月1日：3 条 */
export const heatmapDayLabel = ({ date, count }: HeatmapDay) => {
  const [y, m, d] = parts(date);
  return `${y}年${m}月${d}日：${count} 条`;
};
const DAY_MS = 86_400_000;
/** 0 for Monday … 6 for Sunday. */
const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** A year of captures per day, one column a week (Monday on top), like GitHub's and flomo's. */
export function Heatmap({ days, label = "记录热力图", className, ...props }: HeatmapProps) {
  const [selected, setSelected] = React.useState(days.length - 1);
  // read out when the keys move the day, not as a mouse passes over the cells
  const [announce, setAnnounce] = React.useState(false);
  const scroller = React.useRef<HTMLElement>(null);
  const cells = React.useRef<(HTMLSpanElement | null)[]>([]);
  const levelOf = React.useMemo(() => heatmapLevels(days.map((d) => d.count)), [days]);
  const total = days.reduce((n, d) => n + d.count, 0);
  const lead = days.length ? weekdayOf(days[0]!.date) : 0;
  // each column's Monday, and the month whose 1st falls in that week
  const weeks = Array.from({ length: Math.ceil((lead + days.length) / 7) }, (_, week) => {
    const monday = addDays(days[0]!.date, week * 7 - lead);
    const first = Array.from({ length: 7 }, (_, d) => addDays(monday, d)).find((d) => d.endsWith("-01"));
    return { monday, month: first ? `${parts(first)[1]}月` : "" };
  });

  const selectedRef = React.useRef(selected);
  selectedRef.current = selected;
  /** Scrolls the frame sideways, and only it, so that day `i` is in view. */
  const reveal = React.useCallback((i: number) => {
    const frame = scroller.current;
    const cell = cells.current[i];
    if (!frame || !cell) return;
    const [left, right] = [cell.offsetLeft - 4, cell.offsetLeft + cell.offsetWidth + 4];
    if (left < frame.scrollLeft) frame.scrollLeft = left;
    else if (right > frame.scrollLeft + frame.clientWidth) frame.scrollLeft = right - frame.clientWidth;
  }, []);

  // the selected day (at first the latest) stays in view: a phone shows only the last weeks, and a
  // turned phone or a narrowed window keeps what was shown
  React.useLayoutEffect(() => {
    const frame = scroller.current;
    reveal(selectedRef.current);
    if (!frame || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => reveal(selectedRef.current));
    observer.observe(frame);
    return () => observer.disconnect();
  }, [reveal]);

  const move = (event: React.KeyboardEvent) => {
    const step = { ArrowLeft: -7, ArrowRight: 7, ArrowUp: -1, ArrowDown: 1 }[event.key];
    const next =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? days.length - 1
          : step === undefined
            ? null
            : selected + step;
    if (next === null) return;
    event.preventDefault();
    setAnnounce(true);
    const clamped = Math.min(days.length - 1, Math.max(0, next));
    setSelected(clamped);
    reveal(clamped);
  };

  const current = days[selected];
  return (
    <div data-slot="heatmap" className={cn("flex min-w-0 flex-col gap-2", className)} {...props}>
      <div className="flex min-w-0 gap-1.5">
        <div
          aria-hidden
          className={cn(
            "mt-5 grid grid-rows-7 text-[10px] text-muted-foreground leading-[10px] max-md:text-xs max-md:leading-3.5",
            GAP,
          )}
        >
          {WEEKDAYS.map((day, i) => (
            <span key={day} className={i % 2 ? "invisible" : undefined}>
              {day}
            </span>
          ))}
        </div>
        <figure
          ref={scroller}
          aria-label={`${label}，共 ${total} 条；用方向键逐日查看`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrows move through the days; a scrolled region must take focus
          tabIndex={0}
          data-scroll-x
          onKeyDown={move}
          className="relative min-w-0 overflow-x-auto rounded-sm p-1 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <div className="flex w-max flex-col gap-1">
            <div
              aria-hidden
              className={cn("flex h-3 text-[10px] text-muted-foreground leading-3 max-md:text-xs", GAP)}
            >
              {weeks.map(({ monday, month }, week) => (
                <span
                  key={monday}
                  // a month begun in the last two weeks reads leftwards: past the grid it would be cut
                  className={cn(
                    "w-2.5 overflow-visible whitespace-nowrap max-md:w-3.5",
                    week >= weeks.length - 2 && "flex justify-end",
                  )}
                >
                  {month}
                </span>
              ))}
            </div>
            <div className={cn("grid grid-flow-col grid-rows-7", GAP)}>
              {WEEKDAYS.slice(0, lead).map((day) => (
                <span key={day} aria-hidden className={CELL} />
              ))}
              {days.map((day, i) => (
                <span
                  key={day.date}
                  ref={(el) => {
                    cells.current[i] = el;
                  }}
                  role="img"
                  aria-label={heatmapDayLabel(day)}
                  data-date={day.date}
                  data-level={levelOf(day.count)}
                  data-selected={i === selected ? "" : undefined}
                  onPointerEnter={() => {
                    setAnnounce(false);
                    setSelected(i);
                  }}
                  className={cn(
                    CELL,
                    "rounded-[2px] data-selected:outline-2 data-selected:outline-foreground data-selected:outline-offset-1",
                    LEVELS[levelOf(day.count)],
                  )}
                />
              ))}
            </div>
          </div>
        </figure>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-muted-foreground text-xs">
        <p data-slot="heatmap-readout" aria-live={announce ? "polite" : "off"} className="tabular-nums">
          {current ? heatmapDayLabel(current) : "还没有记录"}
        </p>
        <div aria-hidden className="flex items-center gap-1">
          少
          {LEVELS.map((level) => (
            <span key={level} className={cn(CELL, "rounded-[2px]", level)} />
          ))}
          多
        </div>
      </div>
    </div>
  );
}
