import { setTimeout as delay } from "node:timers/promises";
import { liveCredentials } from "../accounts/accounts.store.ts";
import type { AppDeps } from "../context.ts";
import { type Listening, listen } from "../db/notifications.ts";
import type { Db } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import { OUTBOX_CHANNEL, type OutboxRead, readAccountEvents } from "../webhooks/outbox.store.ts";
import { ACCOUNT_CHANNEL } from "./account-changes.ts";
import { LateCommits } from "./late-commits.ts";
import { LiveStream } from "./live-stream.ts";

/** Where the database names a session or access token that went (migration 042). */
const REVOKED_CHANNEL = "credentials_revoked";
/** Credentials looked up per query when streams are checked again. */
const RECHECK_BATCH = 500;
/** How long an opening stream waits for LISTEN; past it the listener's reconnect catches it up. */
const LISTEN_WAIT_MS = 2_000;

/**
 * A process's open event streams, by account, fed by one LISTEN connection of their own (started
 * with the first stream, ended with the last): the outbox's NOTIFY names the account whose change
 * committed, and only that account's streams read. When the listener reconnects, every stream reads
 * (what was notified meanwhile is unknown). Any number of processes run one each: NOTIFY reaches
 * them all. A stream ends when the session or token that opened it goes (signed out, revoked).
 * Streams are bounded per account in this process (events.streamsPerAccount).
 */
export class EventHub {
  private readonly deps: AppDeps;
  private readonly byUser = new Map<string, Set<LiveStream>>();
  readonly late: LateCommits;
  private listening: Listening | null = null;
  private closed = false;

  constructor(deps: AppDeps) {
    this.deps = deps;
    this.late = new LateCommits(deps.config.events.lateWatchMs);
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** A place for one more stream of `userId`, or a Chinese refusal (429, or 503 while stopping). */
  reserve(userId: string, credentialId: string): LiveStream {
    if (this.closed) throw new ApiError("SERVICE_UNAVAILABLE", "服务器正在重启，请稍后自动重连");
    const mine = this.byUser.get(userId) ?? new Set<LiveStream>();
    const cap = this.deps.config.events.streamsPerAccount;
    if (mine.size >= cap) {
      throw new ApiError("RATE_LIMITED", `同时打开的实时连接已达 ${cap} 个，请关闭一些页面或设备后再试`);
    }
    const stream = new LiveStream(userId, credentialId);
    mine.add(stream);
    this.byUser.set(userId, mine);
    this.listening ??= listen(
      this.deps.db,
      [OUTBOX_CHANNEL, REVOKED_CHANNEL, ACCOUNT_CHANNEL],
      (payload, channel) => {
        if (payload === null) {
          // back after a lost connection: a revocation or an account change meanwhile was not heard
          this.wakeAll();
          for (const id of this.byUser.keys()) this.accountChanged(id);
          void this.recheck([...this.byUser.values()].flatMap((set) => [...set]));
        } else if (channel === REVOKED_CHANNEL) this.revoked(payload);
        else if (channel === ACCOUNT_CHANNEL) this.accountChanged(payload);
        else this.wake(payload);
      },
    );
    return stream;
  }

  /** LISTEN is in effect (or it is taking long, and its reconnect will catch every stream up). */
  async listeningReady(): Promise<void> {
    if (this.listening) await Promise.race([this.listening.ready, delay(LISTEN_WAIT_MS)]);
  }

  release(stream: LiveStream): void {
    const mine = this.byUser.get(stream.userId);
    mine?.delete(stream);
    if (mine?.size === 0) this.byUser.delete(stream.userId);
    if (this.byUser.size === 0 && this.listening) {
      void this.listening.close();
      this.listening = null;
    }
  }

  /** One read for `stream`, in one snapshot, its running transactions noted for the late watch. */
  async read(stream: LiveStream, after: number, limit: number): Promise<OutboxRead> {
    const read = await readAccountEvents(this.deps.db, {
      userId: stream.userId,
      after,
      watched: this.late.watched(),
      limit,
    });
    this.late.observe(read.running);
    return read;
  }

  wake(userId: string): void {
    for (const stream of this.byUser.get(userId) ?? []) this.follow(stream);
  }

  wakeAll(): void {
    for (const set of this.byUser.values()) for (const stream of set) this.follow(stream);
  }

  /** Reads and sends what is new for `stream`, one read at a time; a wake-up meanwhile reads again. */
  follow(stream: LiveStream): void {
    if (stream.ended) return;
    if (stream.reading) {
      stream.again = true;
      return;
    }
    stream.reading = true;
    const { batch } = this.deps.config.events;
    const round = async () => {
      for (;;) {
        stream.again = false;
        const read = await this.read(stream, stream.cursor, batch);
        if (stream.ended) return;
        stream.sendRows(read.events);
        const full = read.events.filter((e) => !e.late).length >= batch;
        if (!full && !stream.again) return;
      }
    };
    this.deps.work
      .track(round())
      .catch((err) => this.deps.logger.warn("event stream read failed", { err }))
      .finally(() => {
        stream.reading = false;
        if (stream.again) this.follow(stream);
      });
  }

  /**
   * What GET /api/auth/me tells of `userId` changed (account-changes.ts): their streams say so, at
   * their current position (it is not an outbox row, and no replay repeats it).
   */
  accountChanged(userId: string): void {
    for (const stream of this.byUser.get(userId) ?? []) stream.accountChanged();
  }

  /** The session or token `credentialId` went: the streams it opened end (a reconnect is then a 401). */
  revoked(credentialId: string): void {
    for (const set of this.byUser.values())
      for (const stream of set) if (stream.credentialId === credentialId) stream.end("revoked");
  }

  /**
   * Ends the streams whose session or token is gone (a revocation NOTIFY missed: sent while LISTEN
   * was not yet, or no longer, in effect). Asked once a stream listens, and after a reconnect.
   */
  async recheck(streams: readonly LiveStream[]): Promise<void> {
    for (let at = 0; at < streams.length; at += RECHECK_BATCH) {
      const batch = streams.slice(at, at + RECHECK_BATCH);
      const alive = await liveCredentials(this.deps.db, [...new Set(batch.map((s) => s.credentialId))]).catch(
        () => null,
      );
      if (alive) for (const stream of batch) if (!alive.has(stream.credentialId)) stream.end("revoked");
    }
  }

  /** Shutdown: no new streams; each open one ends (its client reconnects to a process that runs). */
  close(): void {
    this.closed = true;
    for (const set of [...this.byUser.values()]) for (const stream of [...set]) stream.end("shutdown");
  }
}

const hubs = new WeakMap<Db, EventHub>();

/** The hub of this process's database pool (one per process; tests build several apps on one pool). */
export function eventHub(deps: AppDeps): EventHub {
  let hub = hubs.get(deps.db);
  if (!hub) {
    hub = new EventHub(deps);
    hubs.set(deps.db, hub);
  }
  return hub;
}

/** Ends every open event stream of the process using `db` (before the HTTP server drains). */
export function closeLiveStreams(db: Db): void {
  hubs.get(db)?.close();
}
