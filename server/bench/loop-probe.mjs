/**
 * Preloaded into the server a benchmark starts (`node --import ./server/bench/loop-probe.mjs`):
 * how busy its main thread was during the measured window, which the health latency alone cannot
 * say on a shared machine (a descheduled server answers late too). The first SIGUSR2 starts the
 * window; the second writes to BENCH_LOOP_FILE, as JSON: the main thread's own CPU time and the
 * time it was runnable but waited for a core (Linux's schedstat), its event
 * loop's utilisation, the garbage collector's pauses, and how late a 10 ms timer ran (the loop's
 * blocking, as monitorEventLoopDelay sees it, plus each lateness ≥ 10 ms). Both sample every 10 ms,
 * not 1: a thread woken a thousand times a second waits for a core more often on a busy machine. With BENCH_PROFILE set
 * to a file name, it also writes the main thread's CPU profile of that window there (open it in
 * Chrome's DevTools, or total it with server/bench/profile-summary.mjs).
 */
import { readFileSync, writeFileSync } from "node:fs";
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

/**
 * Linux's schedstat of the main thread: ns on a core, ns runnable but waiting for one (the machine
 * was busy), and time slices. Zeros elsewhere.
 */
function schedstat() {
  try {
    const [run, wait] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8")
      .split(" ")
      .map(Number);
    return { run, wait };
  } catch {
    return { run: 0, wait: 0 };
  }
}

// Each time a 10 ms timer runs 10 ms or more late: the loop was held (or the thread descheduled).
const EVERY = 10;
const late = [];
let expected = 0;
let timer = null;
const tick = () => {
  const now = performance.now();
  if (now - expected >= 10) late.push(now - expected);
  expected = now + EVERY;
  timer = setTimeout(tick, EVERY);
};

process.on("SIGUSR2", async () => {
  if (!file) return;
  if (!window) {
    if (profileFile) {
      session = new Session();
      session.connect();
      void session.post("Profiler.enable").then(() => session.post("Profiler.start"));
    }
    const delay = monitorEventLoopDelay({ resolution: EVERY });
    delay.enable();
    window = {
      delay,
      wall: performance.now(),
      elu: performance.eventLoopUtilization(),
      thread: process.threadCpuUsage(),
      process: process.cpuUsage(),
      sched: schedstat(),
    };
    Object.assign(gc, { ms: 0, pauses: 0, longest: 0, majorMs: 0, majors: 0 });
    late.length = 0;
    expected = performance.now() + EVERY;
    timer = setTimeout(tick, EVERY);
    return;
  }
  clearTimeout(timer);
  window.delay.disable();
  // the histogram holds whole intervals: what went beyond the 10 ms asked for is the delay
  const ms = (ns) => Math.max(0, Math.round(ns / 1e4) / 100 - EVERY);
  const thread = process.threadCpuUsage(window.thread);
  const all = process.cpuUsage(window.process);
  const sched = schedstat();
  late.sort((a, b) => a - b);
  const figures = JSON.stringify({
    wallMs: Math.round(performance.now() - window.wall),
    mainThreadCpuMs: Math.round((thread.user + thread.system) / 1000),
    processCpuMs: Math.round((all.user + all.system) / 1000),
    mainThreadWaitedForCoreMs: Math.round((sched.wait - window.sched.wait) / 1e6),
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
