import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import net from "node:net";

/** A TCP port free on 127.0.0.1 right now, for a service a test or bench starts itself. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Stops a child service (SIGTERM, then SIGKILL after 3 s) and removes its scratch folder. */
export async function stopChild(child: ChildProcess, folder?: string): Promise<void> {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
  }
  if (folder) rmSync(folder, { recursive: true, force: true });
}
