/**
 * Preloaded into the server a benchmark starts (`node --import ./server/bench/loop-probe.mjs`):
 * how busy its main thread was during the measured window, which the health latency alone cannot
 * say on a shared machine (a descheduled server answers late too). The first SIGUSR2 starts the
 * window; the second writes to BENCH_LOOP_FILE, as JSON: the main thread's own CPU time, its event
 * loop's utilisation, the garbage collector's pauses, and how late a 1 ms timer ran (the loop's
 * blocking, as monitorEventLoopDelay sees it, plus each lateness ≥ 10 ms). With BENCH_PROFILE set
 * to a file name, it also writes the main thread's CPU profile of that window there (open it in
 * Chrome's DevTools, or total it with server/bench/profile-summary.mjs).
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { constants, monitorEventLoopDelay, PerformanceObserver, performance } from "node:perf_hooks";

const file = process.env.BENCH_LOOP_FILE;
const profileFile = process.env.BENCH_PROFILE;
let window = null;
let session = null;

// Mark-compact (major) collections are the long ones; large strings land in old space and bring them on.
const gc = { ms: 0, pauses: 0, longest: 0, majorMs: 0, majors: 0 };
new PerformanceObserver((list) => {
  if (!window) return;
  for (const entry of list.getEntries()) {
    gc.ms += entry.duration;
    gc.pauses++;
    gc.longest = Math.max(gc.longest, entry.duration);
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
      gc.majorMs += entry.duration;
      gc.majors++;
    }
  }
}).observe({ entryTypes: ["gc"] });

// Each time a 1 ms timer runs 10 ms or more late: the loop was held (or the thread descheduled).
const late = [];
let expected = 0;
let timer = null;
const tick = () => {
  const now = performance.now();
  if (now - expected >= 10) late.push(now - expected);
  expected = now + 1;
  timer = setTimeout(tick, 1);
};

process.on("SIGUSR2", async () => {
  if (!file) return;
  if (!window) {
    if (profileFile) {
      session = new Session();
      session.connect();
      void session.post("Profiler.enable").then(() => session.post("Profiler.start"));
    }
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    window = {
      delay,
      wall: performance.now(),
      elu: performance.eventLoopUtilization(),
      thread: process.threadCpuUsage(),
      process: process.cpuUsage(),
    };
    Object.assign(gc, { ms: 0, pauses: 0, longest: 0, majorMs: 0, majors: 0 });
    late.length = 0;
    expected = performance.now() + 1;
    timer = setTimeout(tick, 1);
    return;
  }
  clearTimeout(timer);
  window.delay.disable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const thread = process.threadCpuUsage(window.thread);
  const all = process.cpuUsage(window.process);
  late.sort((a, b) => a - b);
  const figures = JSON.stringify({
    wallMs: Math.round(performance.now() - window.wall),
    mainThreadCpuMs: Math.round((thread.user + thread.system) / 1000),
    processCpuMs: Math.round((all.user + all.system) / 1000),
    loopUtilisation: Math.round(performance.eventLoopUtilization(window.elu).utilization * 1000) / 1000,
    gcMs: Math.round(gc.ms),
    gcPauses: gc.pauses,
    gcLongestMs: Math.round(gc.longest * 10) / 10,
    gcMajorMs: Math.round(gc.majorMs),
    gcMajors: gc.majors,
    delayP50Ms: ms(window.delay.percentile(50)),
    delayP99Ms: ms(window.delay.percentile(99)),
    delayMaxMs: ms(window.delay.max),
    lateAtLeast10Ms: late.length,
    lateAtLeast50Ms: late.filter((l) => l >= 50).length,
    lateSumMs: Math.round(late.reduce((a, b) => a + b, 0)),
  });
  window = null;
  if (session) {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(profileFile, JSON.stringify(profile));
    session.disconnect();
    session = null;
  }
  writeFileSync(file, figures); // last: the bench stops the server once it reads this
});
