/**
 * The microphone, framework-free: a MediaRecorder for the recording and a Web Audio AnalyserNode
 * for the level meter. Errors come out as Chinese sentences a person can act on.
 */

/** Formats the browser may record, best first: Chromium and Firefox write WebM/Opus, Safari MP4. */
const TYPES = ["audio/webm;codecs=opus", "audio/webm", "audio/mp4", "audio/ogg;codecs=opus"];

const EXTENSIONS: Record<string, string> = { "audio/webm": "webm", "audio/mp4": "m4a", "audio/ogg": "ogg" };

export class MicrophoneError extends Error {
  override name = "MicrophoneError";
}

/** Why the microphone cannot be used, in words for the person. */
export function microphoneMessage(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === "NotAllowedError" || name === "SecurityError")
    return "没有麦克风权限：请在浏览器或系统设置中允许本站使用麦克风后再试";
  if (name === "NotFoundError" || name === "OverconstrainedError")
    return "没有找到麦克风，请连接麦克风后再试";
  if (name === "NotReadableError" || name === "AbortError") return "麦克风正被其他应用占用，请关闭后再试";
  if (error instanceof MicrophoneError) return error.message;
  return "无法开始录音，请稍后再试";
}

export type Recording = {
  /** 0–1: the loudness of the last few milliseconds (RMS of the waveform, scaled for speech). */
  level: () => number;
  /** Ends the recording: the whole of it as one file, ready to upload like a picture. */
  stop: () => Promise<File>;
  /** Ends it and throws it away. */
  cancel: () => void;
};

/** Asks for the microphone and starts recording. Rejects with a MicrophoneError or the browser's DOMException. */
export async function startRecording(): Promise<Recording> {
  if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === "undefined") {
    throw new MicrophoneError("这个浏览器不支持录音，请换用新版 Chrome、Edge、Safari 或 Firefox");
  }
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const mimeType = TYPES.find((t) => MediaRecorder.isTypeSupported(t));
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    throw error;
  }
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Uint8Array(analyser.fftSize);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => {
    if (e.data.size) chunks.push(e.data);
  };
  const release = () => {
    for (const track of stream.getTracks()) track.stop();
    void context.close().catch(() => {});
  };
  const startedAt = new Date();
  // a chunk a second: a recording cut short (the tab closed) still has most of itself
  recorder.start(1000);
  // A meter that jumps to each peak and falls with a 200 ms half-life, as level meters do: read
  // frame by frame, a short sound would otherwise light the bars for a frame or two only.
  let shown = 0;
  let shownAt = performance.now();
  return {
    level: () => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += ((s - 128) / 128) ** 2;
      const now = Math.min(1, Math.sqrt(sum / samples.length) * 4);
      const at = performance.now();
      shown = Math.max(now, shown * 0.5 ** ((at - shownAt) / 200));
      shownAt = at;
      return shown;
    },
    stop: () =>
      new Promise<File>((resolve, reject) => {
        recorder.onstop = () => {
          release();
          const type = (recorder.mimeType || mimeType || "audio/webm").split(";")[0]!;
          const blob = new Blob(chunks, { type });
          if (!blob.size) return reject(new MicrophoneError("没有录到声音，请再试一次"));
          const stamp = startedAt.toTimeString().slice(0, 8).replaceAll(":", "");
          resolve(new File([blob], `录音-${stamp}.${EXTENSIONS[type] ?? "webm"}`, { type }));
        };
        recorder.onerror = () => {
          release();
          reject(new MicrophoneError("录音中断，请再试一次"));
        };
        if (recorder.state === "inactive") recorder.onstop(new Event("stop"));
        else recorder.stop();
      }),
    cancel: () => {
      recorder.onstop = null;
      if (recorder.state !== "inactive") recorder.stop();
      release();
    },
  };
}
