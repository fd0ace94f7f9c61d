/**
 * Chinese time expressions in a question (上个月, 去年这时候 …) as a date range in Beijing time
 * (UTC+8 all year), so that "我上个月都在想什么" is grounded on last month's items only.
 */

/**
 * [from, to) — `label` says it in Chinese, with its dates; `rest` is the question without it.
 * `recent`: 最近 and the like, a span the question only hints at (taken as 30 days), so the
 * answer offers to search everything.
 */
export type TimeRange = { label: string; from: Date; to: Date; rest: string; recent: boolean };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The instant a Beijing calendar day starts; months and days past their end roll over (Date.UTC). */
const start = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day) - 8 * HOUR);

type Today = { y: number; m: number; d: number; weekday: number };
type Span = { name: string; from: Date; to: Date; recent?: true };

const MONTH_NUMBERS: Record<string, number> = {
  一: 1,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  十: 10,
  十一: 11,
  十二: 12,
};

/** Longer and more specific first: 去年这时候 before 去年, 前天 before 今天 … */
const RULES: { pattern: RegExp; span: (t: Today, match: RegExpExecArray) => Span }[] = [
  {
    pattern: /去年(?:的)?(?:这个?时候|此时|同期|今天)/,
    span: (t) => ({
      name: "去年这时候",
      from: start(t.y - 1, t.m, t.d - 15),
      to: start(t.y - 1, t.m, t.d + 16),
    }),
  },
  { pattern: /去年/, span: (t) => ({ name: "去年", from: start(t.y - 1, 0, 1), to: start(t.y, 0, 1) }) },
  { pattern: /今年/, span: (t) => ({ name: "今年", from: start(t.y, 0, 1), to: start(t.y + 1, 0, 1) }) },
  {
    pattern: /上个?月/,
    span: (t) => ({ name: "上个月", from: start(t.y, t.m - 1, 1), to: start(t.y, t.m, 1) }),
  },
  {
    pattern: /这个?月|本月/,
    span: (t) => ({ name: "这个月", from: start(t.y, t.m, 1), to: start(t.y, t.m + 1, 1) }),
  },
  {
    pattern: /上个?(?:周|星期|礼拜)/,
    span: (t) => ({
      name: "上周",
      from: start(t.y, t.m, t.d - t.weekday - 7),
      to: start(t.y, t.m, t.d - t.weekday),
    }),
  },
  {
    pattern: /这个?(?:周|星期|礼拜)|本周/,
    span: (t) => ({
      name: "这周",
      from: start(t.y, t.m, t.d - t.weekday),
      to: start(t.y, t.m, t.d - t.weekday + 7),
    }),
  },
  {
    pattern: /前天/,
    span: (t) => ({ name: "前天", from: start(t.y, t.m, t.d - 2), to: start(t.y, t.m, t.d - 1) }),
  },
  {
    pattern: /昨天|昨日|昨晚/,
    span: (t) => ({ name: "昨天", from: start(t.y, t.m, t.d - 1), to: start(t.y, t.m, t.d) }),
  },
  {
    pattern: /今天|今日|今晚/,
    span: (t) => ({ name: "今天", from: start(t.y, t.m, t.d), to: start(t.y, t.m, t.d + 1) }),
  },
  {
    pattern: /最近|近来|这段时间/,
    span: (t) => ({
      name: "最近 30 天",
      from: start(t.y, t.m, t.d - 29),
      to: start(t.y, t.m, t.d + 1),
      recent: true,
    }),
  },
  {
    // 三月份, 十二月, 3月 — not 3月5日 (a day), nor 个月 (上个月 is above)
    pattern: /(?<![\d一二三四五六七八九十])(十[一二]?|[一二三四五六七八九]|1[0-2]|[1-9])月份?(?![\d日号])/,
    span: (t, match) => {
      const month = (MONTH_NUMBERS[match[1]!] ?? Number(match[1])) - 1;
      // a month still to come this year is last year's
      const year = month > t.m ? t.y - 1 : t.y;
      return { name: `${month + 1}月`, from: start(year, month, 1), to: start(year, month + 1, 1) };
    },
  },
];

/** The first time expression in `question` (by RULES' order) as a range, or null. */
export function parseTimeRange(question: string, now: Date): TimeRange | null {
  const beijing = new Date(now.getTime() + 8 * HOUR);
  const today: Today = {
    y: beijing.getUTCFullYear(),
    m: beijing.getUTCMonth(),
    d: beijing.getUTCDate(),
    weekday: (beijing.getUTCDay() + 6) % 7, // Monday 0 … Sunday 6
  };
  for (const rule of RULES) {
    const match = rule.pattern.exec(question);
    if (!match) continue;
    const { name, from, to, recent = false } = rule.span(today, match);
    const rest = question.slice(0, match.index) + question.slice(match.index + match[0].length);
    const last = new Date(to.getTime() - DAY);
    const days =
      last.getTime() === from.getTime() ? dayLabel(from) : `${dayLabel(from)}—${dayLabel(last, from)}`;
    return { label: `${name}（${days}）`, from, to, rest, recent };
  }
  return null;
}

/** 2026年3月1日, or 3月31日 when in the same year as `after`. */
function dayLabel(day: Date, after?: Date): string {
  const b = new Date(day.getTime() + 8 * HOUR);
  const year = b.getUTCFullYear();
  const sameYear = after && new Date(after.getTime() + 8 * HOUR).getUTCFullYear() === year;
  return `${sameYear ? "" : `${year}年`}${b.getUTCMonth() + 1}月${b.getUTCDate()}日`;
}
