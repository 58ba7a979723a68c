import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort, stopChild } from "./processes";

/** Why nginx can't be started here, or "" when it can. */
export const nginxMissing =
  spawnSync("sh", ["-c", "command -v nginx"], { stdio: "ignore" }).status !== 0
    ? "nginx is not installed (Debian package nginx; .ci/run installs it)"
    : "";

export interface NginxInstance {
  url: string;
  /** The master process; its worker is its child. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * nginx in the foreground with a generated nginx.conf: one server on a free loopback port whose body is `server`,
 * an upstream `platform` pointing at `upstream` (one address, or several to balance over), and every temporary and log
 * file in its own folder. Proxied as the README's example does: `/ws` upgraded and held for an hour, the client's address
 * in `X-Forwarded-For` (the instances believe it with `TRUST_PROXY=1`).
 */
export async function startNginx(options: { upstream: string | string[]; server: string }): Promise<NginxInstance> {
  if (nginxMissing) throw new Error(nginxMissing);
  const folder = mkdtempSync(path.join(os.tmpdir(), "gathering-nginx-"));
  const port = await freePort();
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((name) => `${name}_temp_path ${path.join(folder, name)};`)
    .join("\n  ");
  const upstreams = [options.upstream]
    .flat()
    .map((address) => `server ${address};`)
    .join(" ");
  writeFileSync(
    path.join(folder, "nginx.conf"),
    `${process.getuid?.() === 0 ? "user root;\n" : ""}daemon off;
worker_processes 1;
worker_rlimit_nofile 20000;
pid ${path.join(folder, "nginx.pid")};
error_log stderr warn;
events { worker_connections 10000; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  ${temp}
  upstream platform { ${upstreams} keepalive 16; }
  server {
    listen 127.0.0.1:${port};
    ${options.server}
    location /ws { proxy_pass http://platform; proxy_http_version 1.1; proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection "upgrade"; proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for; proxy_read_timeout 1h; }
    location / { proxy_pass http://platform; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for; }
  }
}
`,
  );
  const child = spawn("nginx", ["-p", folder, "-c", path.join(folder, "nginx.conf"), "-e", "stderr"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${log}`);
    const listening = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => resolve(socket.end() && true));
      socket.once("error", () => resolve(false));
    });
    if (listening) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => stopChild(child, folder) };
}

/** deploy/nginx-media.conf with the media folder of this run in place of the example path. */
export function mediaLocations(mediaDir: string): string {
  const snippet = readFileSync(path.resolve(import.meta.dirname, "../../../deploy/nginx-media.conf"), "utf8");
  return snippet.replaceAll("/srv/platform/media/", `${path.resolve(mediaDir)}/`);
}
