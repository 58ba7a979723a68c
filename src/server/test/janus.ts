import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, stopChild } from "./processes";

/** Where Debian's janus package keeps its plugins and transports. */
const JANUS_LIB = ["/usr/lib/x86_64-linux-gnu/janus", "/usr/lib/aarch64-linux-gnu/janus", "/usr/lib/janus"].find((folder) =>
  existsSync(path.join(folder, "plugins", "libjanus_videoroom.so")),
);

/** Why Janus can't be started here, or "" when it can. */
export const janusMissing =
  spawnSync("sh", ["-c", "command -v janus"], { stdio: "ignore" }).status !== 0
    ? "janus is not installed (Debian package janus; .ci/run installs it)"
    : !JANUS_LIB
      ? "janus's VideoRoom plugin (libjanus_videoroom.so) was not found"
      : "";

export interface JanusInstance {
  url: string;
  adminKey: string;
  stop(): Promise<void>;
}

/**
 * Janus with a generated configuration: only the VideoRoom plugin and the plain HTTP transport, on a free port on
 * loopback, media ports from a random range, the VideoRoom admin key set. Stopped by `stop`.
 */
export async function startJanus(): Promise<JanusInstance> {
  if (janusMissing) throw new Error(janusMissing);
  const folder = mkdtempSync(path.join(os.tmpdir(), "gathering-janus-"));
  const port = await freePort();
  const adminKey = randomBytes(16).toString("hex");
  const rtpStart = 20_000 + Math.floor(Math.random() * 200) * 100;
  const lib = JANUS_LIB!;
  writeFileSync(
    path.join(folder, "janus.jcfg"),
    `general: {
  configs_folder = "${folder}"
  plugins_folder = "${lib}/plugins"
  transports_folder = "${lib}/transports"
  events_folder = "${lib}/events"
  loggers_folder = "${lib}/loggers"
  debug_level = 3
}
media: { rtp_port_range = "${rtpStart}-${rtpStart + 99}" }
plugins: { disable = "libjanus_audiobridge.so,libjanus_duktape.so,libjanus_echotest.so,libjanus_lua.so,libjanus_nosip.so,libjanus_recordplay.so,libjanus_sip.so,libjanus_streaming.so,libjanus_textroom.so,libjanus_videocall.so,libjanus_voicemail.so" }
transports: { disable = "libjanus_mqtt.so,libjanus_nanomsg.so,libjanus_pfunix.so,libjanus_rabbitmq.so,libjanus_websockets.so" }
events: { broadcast = false }
loggers: { disable = "libjanus_jsonlog.so" }
`,
  );
  writeFileSync(
    path.join(folder, "janus.transport.http.jcfg"),
    `general: { json = "plain", base_path = "/janus", http = true, port = ${port}, ip = "127.0.0.1", https = false }\nadmin: { admin_http = false }\n`,
  );
  writeFileSync(path.join(folder, "janus.plugin.videoroom.jcfg"), `general: { admin_key = "${adminKey}" }\n`);
  const child: ChildProcess = spawn("janus", ["-C", path.join(folder, "janus.jcfg"), "-F", folder], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/janus`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`janus exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/info`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() - started > 20_000) throw new Error("janus did not answer within 20 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    adminKey,
    stop: () => stopChild(child, folder),
  };
}
