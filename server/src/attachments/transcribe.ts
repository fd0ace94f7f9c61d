import type { Transcription } from "@shinian/contract";
import type { AppDeps } from "../context.ts";
import { ApiError, notFound } from "../errors.ts";
import { refund, settleSpend, spend } from "../points/points.ts";
import { simplified } from "../search/simplified.ts";
import { ProviderError } from "../shared/openai/chat.ts";
import { transcribe } from "../shared/openai/transcription.ts";
import { perUserSlots } from "../shared/per-user-slots.ts";
import { findFile, findRecording } from "./attachments.store.ts";
import { storeUnavailable, wholeFileBytes } from "./storage.ts";

/** The spend stays open a minute past the call's own bound: still open then, its process died (the sweep refunds). */
const SPEND_GRACE_MS = 60_000;
/** Idea text is at most 10,000 characters: a transcript never fills the composer past it. */
const MAX_TEXT = 10_000;

/** One transcription at a time per person (a second waits); each holds its recording (≤ attachments.maxBytes) in memory. */
const perUser = perUserSlots(1, 2);
/** And a few at once in this process, whoever asks. */
const inProcess = perUserSlots(4, 8);
const busy = () =>
  new ApiError("SERVICE_UNAVAILABLE", "语音转文字繁忙，请稍后再试", { headers: { "Retry-After": "5" } });

export const EXCLUDED_MESSAGE = "这条记录设置了不让AI读取，录音不会转成文字";
export const LOCAL_MODE_MESSAGE = "本地模式：服务器没有配置语音转文字，录音只保存为音频";

/**
 * Turns one of the person's recordings into text: refused while its capture is 不让AI读取 (the
 * body says so for an idea not saved yet; the idea's own mark otherwise) or in 本地模式; spends
 * the cost first and gives it back when the provider fails or hears nothing.
 */
export async function transcribeAttachment(
  deps: AppDeps,
  userId: string,
  id: string,
  { aiExcluded = false }: { aiExcluded?: boolean },
): Promise<Transcription> {
  const { db, config } = deps;
  const recording = await findRecording(db, userId, id);
  if (!recording) throw notFound("录音不存在");
  if (recording.kind !== "audio") throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "只有录音可以转成文字");
  if (aiExcluded || recording.ai_excluded) throw new ApiError("CONFLICT", EXCLUDED_MESSAGE);
  const provider = config.transcribe;
  if (!provider) throw new ApiError("AI_NOT_CONFIGURED", LOCAL_MODE_MESSAGE);
  return perUser(
    userId,
    () =>
      inProcess(
        "process",
        async () => {
          // read only now: a request waiting for its turn holds no recording in memory
          const data = await recordingBytes(deps, userId, id);
          const cost = config.points.costs.transcribe;
          const spent = await spend(db, userId, cost, "transcribe_audio", {
            openForMs: provider.timeoutMs + SPEND_GRACE_MS,
            // the ledger links to the idea or note the recording is on, once it is on one
            item: { type: "attachment", id },
          });
          let why = "AI 服务失败";
          try {
            const heard = await transcribe(
              provider,
              { data, contentType: recording.content_type, name: recording.name },
              deps.work.signal,
            );
            // Some providers answer in 繁体 whatever the speaker's region: the person writes 简体.
            const text = heard && simplified(heard);
            if (!text) {
              why = "没有听清录音中的文字";
              throw new ProviderError(why);
            }
            await settleSpend(db, spent);
            return { text: text.slice(0, MAX_TEXT), cost, balance: spent.balance };
          } catch (err) {
            deps.logger.warn("transcription failed", { err });
            if (err instanceof ProviderError) why = err.message;
            await refund(db, userId, { ...spent, cost }, why);
            throw new ApiError(
              "SERVICE_UNAVAILABLE",
              `语音转文字失败，${cost > 0 ? "点数已退还，" : ""}请稍后再试（${why}）`,
            );
          }
        },
        busy,
      ),
    busy,
  );
}

async function recordingBytes(deps: AppDeps, userId: string, id: string): Promise<Buffer> {
  const file = await findFile(deps.db, id, false);
  if (!file || file.user_id !== userId) throw notFound("录音不存在");
  const data = await wholeFileBytes(deps.config.attachments.s3, { id, data: file.bytes }, userId).catch(
    (error: unknown) => {
      deps.logger.warn("bucket refused a recording", { err: error });
      throw storeUnavailable();
    },
  );
  if (!data) throw notFound("录音不存在");
  return data;
}
