import { type ChildProcess, spawn, spawnSync } from "node:child_process";

/** True when an ffmpeg binary answers on the PATH (RTMP tests and the live bench need it). */
export const hasFfmpeg = () => spawnSync("ffmpeg", ["-hide_banner", "-version"], { stdio: "ignore" }).status === 0;

/**
 * What an encoder sends: a 320×240 test pattern at 15 fps with a 440 Hz tone, H.264 with a keyframe every 2 s
 * (OBS: keyframe interval 2) and AAC, in real time (`-re`), by RTMP to `url` for `seconds`.
 */
export function pushTestPattern(url: string, seconds: number): ChildProcess {
  return spawn(
    "ffmpeg",
    [
      ...["-hide_banner", "-loglevel", "error", "-re"],
      ...["-f", "lavfi", "-i", "testsrc=size=320x240:rate=15", "-f", "lavfi", "-i", "sine=frequency=440"],
      ...["-t", String(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "30", "-pix_fmt", "yuv420p"],
      ...["-c:a", "aac", "-b:a", "64k", "-f", "flv", url],
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
}

/** Resolves with the process's exit code. */
export const exitOf = (child: ChildProcess) =>
  new Promise<number>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", (code) => resolve(code ?? 1))));
