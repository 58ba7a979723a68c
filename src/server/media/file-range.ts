import type { FileHandle } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { finished } from "node:stream/promises";

/** Large reads make range serving fast (DESIGN §7: 1 MiB reads reach 0.78× nginx, 16 KiB only 0.21×). */
export const READ_SIZE = 1024 * 1024;
/** Read buffers kept for reuse: 32 MiB at most, whatever the traffic. */
const POOL_LIMIT = 32;
const pool: Buffer[] = [];

const take = () => pool.pop() ?? Buffer.allocUnsafeSlow(READ_SIZE);
const give = (buffer: Buffer) => {
  if (pool.length < POOL_LIMIT) pool.push(buffer);
};

/**
 * Writes a chunk and resolves once it has left for the socket (true) or the connection has gone (false). The close
 * is watched too: a write made after the socket was destroyed, but before the response heard of it, is dropped by
 * Node without calling back, and the file would stay open for good.
 */
const write = (response: ServerResponse, chunk: Buffer) =>
  new Promise<boolean>((resolve) => {
    if (response.destroyed || response.socket?.destroyed) return resolve(false);
    const gone = () => resolve(false);
    response.once("close", gone);
    response.write(chunk, (error) => {
      response.off("close", gone);
      resolve(!error);
    });
  });

/**
 * Writes the last chunk and ends the response in the same call, so the response is finished the moment its last
 * byte leaves: a reader that has every byte never meets a connection still busy (a keep-alive connection busy when
 * the server closes would hold the close until its idle timeout).
 */
const writeLast = (response: ServerResponse, chunk: Buffer) => {
  if (response.destroyed) return Promise.resolve(false);
  response.end(chunk);
  return finished(response).then(
    () => true,
    () => false,
  );
};

/**
 * Sends bytes `start`..`end` of an open file as the body of a response whose head is already written, then closes
 * the file. Reads are 1 MiB into buffers reused from a small pool, each returned only once its bytes have left for
 * the socket; the next read runs while the previous chunk is written. A fresh 1 MiB buffer per read (what
 * `createReadStream` does) is external memory that V8 answers with full collections: after a large heap shrinks
 * back (thousands of WebSockets closing), those came every few dozen reads and cut media throughput to ~0.4×.
 */
export async function sendFileRange(response: ServerResponse, handle: FileHandle, start: number, end: number): Promise<void> {
  const read = async (position: number) => {
    const buffer = take();
    try {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(READ_SIZE, end - position + 1), position);
      return { buffer, bytesRead };
    } catch (error) {
      give(buffer);
      throw error;
    }
  };
  let next: ReturnType<typeof read> | null = read(start);
  let position = start;
  let complete = false;
  try {
    while (next) {
      const { buffer, bytesRead } = await next;
      next = null;
      if (bytesRead === 0) {
        give(buffer);
        break; // the file shrank under us: the promised length cannot be met
      }
      position += bytesRead;
      const last = position > end;
      if (!last) next = read(position);
      const written = await (last ? writeLast : write)(response, buffer.subarray(0, bytesRead));
      give(buffer);
      if (!written) break;
      complete = last;
    }
  } catch {
    complete = false;
  } finally {
    // A read still in flight must finish before the file closes; its buffer goes back to the pool.
    if (next) await next.then(({ buffer }) => give(buffer)).catch(() => {});
    await handle.close().catch(() => {});
  }
  if (!complete) response.destroy();
}
