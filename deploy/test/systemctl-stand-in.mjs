// systemd does not run in CI, so the deploy test starts and restarts processes with this
// stand-in, which runs what the (rendered) unit file says and nothing else: its
// WorkingDirectory, EnvironmentFile, ExecStart and ExecStartPost with %i as the instance, and
// on stop its KillSignal, waiting TimeoutStopSec.
//   node systemctl-stand-in.mjs <unit dir> <state dir> start|stop|restart shinian@8801.service
// The state dir holds each instance's pid file and log.
import { spawn, spawnSync } from "node:child_process";
import { openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const [unitDir, stateDir, verb, unitName] = process.argv.slice(2);
const instance = /^(.+)@(.+)\.service$/.exec(unitName ?? "");
if (!unitDir || !stateDir || !["start", "stop", "restart"].includes(verb ?? "") || !instance) {
  console.error(
    "usage: systemctl-stand-in.mjs <unit dir> <state dir> start|stop|restart name@instance.service",
  );
  process.exit(2);
}
const [, prefix, name] = instance;
const unit = readFileSync(path.join(unitDir, `${prefix}@.service`), "utf8");
/** The unit's value of a [Service] key, with %i expanded. */
const setting = (key) => {
  const line = unit.split("\n").find((l) => l.startsWith(`${key}=`));
  if (!line) throw new Error(`the unit has no ${key}=`);
  return line.slice(key.length + 1).replaceAll("%i", name);
};
const seconds = (text) => Number(/^(\d+)s?$/.exec(text)?.[1] ?? Number.NaN);
const pidFile = path.join(stateDir, `${name}.pid`);

function environment() {
  const env = { ...process.env };
  for (const line of readFileSync(setting("EnvironmentFile"), "utf8").split("\n")) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]] = match[2];
  }
  return env;
}

async function stop() {
  let pid;
  try {
    pid = Number(readFileSync(pidFile, "utf8"));
  } catch {
    return;
  }
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(pid, setting("KillSignal"));
  const deadline = Date.now() + seconds(setting("TimeoutStopSec")) * 1000;
  while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (alive()) process.kill(pid, "SIGKILL");
  rmSync(pidFile, { force: true });
}

function start() {
  const cwd = setting("WorkingDirectory");
  const env = environment();
  const [command, ...args] = setting("ExecStart").split(" ");
  const log = openSync(path.join(stateDir, `${name}.log`), "a");
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ["ignore", log, log] });
  writeFileSync(pidFile, String(child.pid));
  child.unref();
  const [post, ...postArgs] = setting("ExecStartPost").split(" ");
  const ready = spawnSync(post, postArgs, { cwd, env, stdio: "inherit" });
  if (ready.status !== 0) process.exit(1);
}

if (verb !== "start") await stop();
if (verb !== "stop") start();
