import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { Heatmap, type HeatmapDay } from "./heatmap";

/** Every day from 2025-03-01 through 2026-03-15, counted by a fixed made-up pattern. */
const year = (count: (i: number) => number): HeatmapDay[] => {
  const days: HeatmapDay[] = [];
  for (let t = Date.UTC(2025, 2, 1), i = 0; t <= Date.UTC(2026, 2, 15); t += 86_400_000, i++) {
    const date = new Date(t).toISOString().slice(0, 10);
    days.push({ date, count: count(i) });
  }
  return days;
};
// 2026-03-01 is day 365 of it: 3 captures
const busy = year((i) => (i === 365 ? 3 : (i * 7919) % 13 < 5 ? 0 : (i * 31) % 9));

const meta = {
  title: "组件/Heatmap 记录热力图",
  component: Heatmap,
  args: { days: busy },
  decorators: [
    (Story) => (
      <div className="w-[min(48rem,calc(100vw-2rem))] rounded-lg border border-border bg-background p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Heatmap>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("img", { name: "2026年3月1日：3 条" })).toBeInTheDocument();
    await expect(canvas.getByRole("img", { name: "2025年3月1日：0 条" })).toHaveAttribute("data-level", "0");
    // today (the last day) is selected and read out
    await expect(canvas.getByText("2026年3月15日：", { exact: false })).toBeVisible();
  },
};

export const Dark: Story = { globals: { theme: "dark" } };

export const Empty: Story = {
  args: { days: year(() => 0) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("figure", { name: /共 0 条/ })).toBeInTheDocument();
    await expect(canvas.getByRole("img", { name: "2026年3月2日：0 条" })).toHaveAttribute("data-level", "0");
  },
};

/** At phone width the year scrolls sideways, the latest weeks in view. */
export const Phone: Story = {
  globals: { viewport: { value: "phone", isRotated: false } },
  play: async ({ canvas }) => {
    const grid = canvas.getByRole("figure", { name: /记录热力图/ });
    await expect(grid.scrollWidth).toBeGreaterThan(grid.clientWidth);
    await expect(grid.scrollLeft + grid.clientWidth).toBeGreaterThanOrEqual(grid.scrollWidth - 1);
  },
};

export const PhoneDark: Story = {
  ...Phone,
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
};

/** A month begun in the last week (12月 on 3 December) is read whole, not cut at the grid's end. */
export const MonthInTheLastWeek: Story = {
  // the same counts, ending on Thursday 2026-12-03
  args: {
    days: busy.map((d, i) => ({
      ...d,
      date: new Date(Date.UTC(2026, 11, 3) - (busy.length - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    })),
  },
  play: async ({ canvas }) => {
    const grid = canvas.getByRole("figure", { name: /记录热力图/ });
    const last = grid.querySelector("[aria-hidden] > span:last-child")!;
    await expect(last).toHaveTextContent("12月");
    const text = document.createRange();
    text.selectNodeContents(last);
    await expect(text.getBoundingClientRect().right).toBeLessThanOrEqual(grid.getBoundingClientRect().right);
  },
};
export const MonthInTheLastWeekPhone: Story = {
  ...MonthInTheLastWeek,
  globals: { viewport: { value: "phone", isRotated: false } },
};

/** The narrowest phone: 14 px cells, a quarter of a year in view, the rest a scroll away. */
export const PhoneSmall: Story = {
  globals: { viewport: { value: "phoneSmall", isRotated: false } },
  play: async ({ canvas }) => {
    const grid = canvas.getByRole("figure", { name: /记录热力图/ });
    await expect(grid.scrollLeft + grid.clientWidth).toBeGreaterThanOrEqual(grid.scrollWidth - 1);
    const cell = canvas.getByRole("img", { name: "2026年3月1日：3 条" });
    await expect(cell.getBoundingClientRect().width).toBeGreaterThanOrEqual(14);
    // the grid scrolls inside its frame; the page itself does not
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(320);
  },
};

export const WhenTheArrowsArePressedShouldReadOutTheDay: Story = {
  name: "when the arrows are pressed, should read out the day they reach",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole("figure", { name: /记录热力图/ })).toHaveFocus();
    await userEvent.keyboard("{ArrowUp}{ArrowUp}{ArrowLeft}");
    await expect(canvas.getByText("2026年3月6日：", { exact: false })).toBeVisible();
    await expect(canvas.getByRole("img", { name: /^2026年3月6日/ })).toHaveAttribute("data-selected");
    await userEvent.keyboard("{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowDown}{ArrowUp}");
    await expect(canvas.getByText("2026年3月1日：3 条")).toBeVisible();
    await userEvent.keyboard("{End}");
    await expect(canvas.getByText("2026年3月15日：", { exact: false })).toBeVisible();
  },
};

/**
 * One day far busier than the rest (an afternoon of copying old notes in) does not pale the year:
 * levels follow the quartiles of the days with a capture, not the share of the busiest day.
 */
export const OneBusyDay: Story = {
  args: { days: year((i) => (i === 300 ? 40 : (i % 4) + 1)) },
  play: async ({ canvas }) => {
    // day 300 is 2025-12-26, days 301–304 hold 2, 3, 4, 1
    await expect(canvas.getByRole("img", { name: "2025年12月26日：40 条" })).toHaveAttribute(
      "data-level",
      "4",
    );
    await expect(canvas.getByRole("img", { name: "2025年12月27日：2 条" })).toHaveAttribute(
      "data-level",
      "2",
    );
    await expect(canvas.getByRole("img", { name: "2025年12月28日：3 条" })).toHaveAttribute(
      "data-level",
      "3",
    );
    await expect(canvas.getByRole("img", { name: "2025年12月29日：4 条" })).toHaveAttribute(
      "data-level",
      "4",
    );
    await expect(canvas.getByRole("img", { name: "2025年12月30日：1 条" })).toHaveAttribute(
      "data-level",
      "1",
    );
  },
};
