const beijingDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" });

/** 已使用 N 天: calendar days in Beijing from the sign-up day to today, both counted (the first day is 1). */
export function daysUsed(createdAt: string, now: Date = new Date()): number {
  const day = (date: Date) => Date.parse(`${beijingDay.format(date)}T00:00:00Z`);
  return Math.max(1, Math.round((day(now) - day(new Date(createdAt))) / 86_400_000) + 1);
}
