// A figure for 首页's main-thread work that the machine's load does not move much: the CPU time
// (trace `tdur`) of the page's main-thread tasks from its first paint on. Lighthouse's simulated TBT
// multiplies each task's wall time by 4; on this shared machine the wall time is 2–5× the CPU time.

/** From a Lighthouse run's trace: CPU ms after first paint, the longest task's CPU ms, and the
 * blocking time Lighthouse would count if each task took its CPU time × 4 (its mobile throttling). */
export function mainThreadCpu(trace, origin) {
  const events = trace.traceEvents;
  const nav = events.find(
    (e) =>
      e.name === "navigationStart" &&
      e.args?.data?.isLoadingMainFrame &&
      e.args?.data?.documentLoaderURL?.startsWith(origin),
  );
  if (!nav) return null;
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === nav.pid && e.ts >= nav.ts);
  const from = fcp?.ts ?? nav.ts;
  const tasks = events.filter(
    (e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === "X" && e.name === "RunTask" && e.ts >= from,
  );
  const cpu = tasks.map((e) => (e.tdur ?? 0) / 1000);
  return {
    cpuMs: Math.round(cpu.reduce((a, b) => a + b, 0)),
    longestCpuMs: Number(Math.max(0, ...cpu).toFixed(1)),
    cpuTbtMs: Math.round(cpu.reduce((a, ms) => a + Math.max(0, ms * 4 - 50), 0)),
  };
}
