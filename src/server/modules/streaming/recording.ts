import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Where replays are kept under MEDIA_DIR, served by /media/ with Range requests like every media file. */
export const REPLAYS_FOLDER = "replays";

/** The recording's length in whole seconds, read by ffprobe (0 when it can't be read). */
export async function probeDuration(ffmpegPath: string, file: string): Promise<number> {
  // ffprobe comes with ffmpeg: beside it when FFMPEG_PATH names a file, else on the PATH.
  const ffprobe = ffmpegPath.includes("/") ? path.join(path.dirname(ffmpegPath), "ffprobe") : "ffprobe";
  try {
    const { stdout } = await run(ffprobe, ["-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", file], {
      timeout: 30_000,
    });
    const seconds = Number.parseFloat(stdout.trim());
    return Number.isFinite(seconds) ? Math.round(seconds) : 0;
  } catch {
    return 0;
  }
}

/** A JPEG frame from the recording (a second in, or its middle when shorter), 640 px wide; false when none could be taken. */
export async function takeThumbnail(ffmpegPath: string, file: string, duration: number, target: string): Promise<boolean> {
  const at = Math.min(1, duration / 2);
  try {
    await run(
      ffmpegPath,
      ["-hide_banner", "-loglevel", "error", "-y", "-ss", at.toFixed(2), "-i", file, "-frames:v", "1", "-vf", "scale=640:-2", target],
      {
        timeout: 60_000,
      },
    );
    await fs.access(target);
    return true;
  } catch {
    return false;
  }
}

/**
 * Moves a finished broadcast's recording into the replays folder and takes its thumbnail: the files of the
 * draft sermon. Answers their /media/ URLs and the duration, or null when there is no recording to keep.
 * Idempotent: run again after the move (a crash before the draft was stored), it works from the moved file.
 */
export async function keepRecording(
  ffmpegPath: string,
  mediaDir: string,
  recording: string,
  broadcastId: number,
): Promise<{ mediaUrl: string; thumbnailUrl: string | null; duration: number } | null> {
  const folder = path.join(mediaDir, REPLAYS_FOLDER);
  await fs.mkdir(folder, { recursive: true });
  const name = `broadcast-${broadcastId}`;
  const video = path.join(folder, `${name}.mp4`);
  const exists = (file: string) =>
    fs.access(file).then(
      () => true,
      () => false,
    );
  if (await exists(recording)) {
    await fs.rename(recording, video).catch(async () => {
      // Another file system: copied under a temporary name first, so a half copy is never taken for the replay.
      await fs.copyFile(recording, `${video}.part`);
      await fs.rename(`${video}.part`, video);
      await fs.rm(recording, { force: true });
    });
  } else if (!(await exists(video))) return null;
  const duration = await probeDuration(ffmpegPath, video);
  const thumbnail = (await takeThumbnail(ffmpegPath, video, duration, path.join(folder, `${name}.jpg`)))
    ? `/media/${REPLAYS_FOLDER}/${name}.jpg`
    : null;
  return { mediaUrl: `/media/${REPLAYS_FOLDER}/${name}.mp4`, thumbnailUrl: thumbnail, duration };
}
