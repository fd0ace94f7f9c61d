import type { Attachment } from "@shinian/contract";
import { VoiceNote } from "@shinian/ui";
import * as React from "react";

type RecordingPlayerProps = {
  recording: Attachment;
  label: string;
  /** The item's files with fresh signed URLs (its GET). */
  refresh?: () => Promise<Attachment[] | undefined>;
};

/**
 * A saved voice note. Its signed URL lasts the server limit `attachments.urlTtlMs` (an hour) and
 * the player loads nothing until played (preload none), so on a page open longer the first play
 * gets 403: the item's files are fetched again and the fresh URL is played, once.
 */
export function RecordingPlayer({ recording, label, refresh }: RecordingPlayerProps) {
  const [src, setSrc] = React.useState(recording.url);
  const shown = React.useRef(src);
  shown.current = src;
  const retried = React.useRef(false);
  const player = React.useRef<HTMLAudioElement | null>(null);
  const playWhenLoaded = React.useRef(false);

  React.useEffect(() => {
    setSrc(recording.url);
    retried.current = false; // a fresh URL from the screen's own refetch may expire again
  }, [recording.url]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: plays once the fresh URL is on the element
  React.useEffect(() => {
    if (!playWhenLoaded.current || !player.current) return;
    playWhenLoaded.current = false;
    player.current.play().catch(() => undefined);
  }, [src]);

  const onPlaybackError = async (event: React.SyntheticEvent<HTMLAudioElement>) => {
    // a recording still on this device (a queued capture's object URL) has no fresher URL on the
    // server, and its item only a temporary id there: asking would be a 404
    if (!refresh || retried.current || recording.url.startsWith("blob:")) return;
    retried.current = true;
    const audio = event.currentTarget;
    const fresh = (await refresh().catch(() => undefined))?.find((a) => a.id === recording.id);
    if (!fresh) return;
    if (fresh.url !== shown.current) {
      player.current = audio;
      playWhenLoaded.current = true;
      setSrc(fresh.url);
      return;
    }
    // the same URL is still good (the failure was elsewhere): the element tries it once more
    audio.src = fresh.url;
    audio.play().catch(() => undefined);
  };

  return (
    <VoiceNote
      src={src}
      label={label}
      durationMs={recording.durationMs}
      onPlaybackError={(e) => void onPlaybackError(e)}
    />
  );
}
