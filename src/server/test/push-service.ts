import { execFileSync } from "node:child_process";
import { type ECDH, createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/** A push as the stand-in received it: decrypted, with the sender's VAPID claims checked. */
export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, parsed as JSON. */
  message: Record<string, unknown>;
  ttl: string | undefined;
  /** The VAPID public key the sender signed with (the `k` of its Authorization header). */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
}

/** A browser's subscription on the stand-in, as `PushSubscription.toJSON()` gives it, with the private half kept here. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const b64url = (buffer: Buffer) => buffer.toString("base64url");

/** RFC 8291: decrypts an aes128gcm Web Push body with the subscriber's key pair and auth secret. */
export function decryptPush(body: Buffer, subscriber: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (record.length > recordSize) throw new Error("more than one record");
  const ecdhSecret = subscriber.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), subscriber.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("the last record's padding delimiter is missing");
  return padded.subarray(0, end);
}

/** RFC 8292: checks the `vapid t=…, k=…` Authorization header's ES256 signature; answers the key and the claims. */
function checkVapid(header: string | undefined) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [head, claims, signature] = jwt.split(".") as [string, string, string];
  const raw = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("the VAPID signature does not verify");
  return { vapidKey: key, claims: JSON.parse(Buffer.from(claims, "base64url").toString()) as ReceivedPush["claims"] };
}

/**
 * A push service for tests: an HTTPS endpoint (web-push only speaks HTTPS) that decrypts every push with the
 * subscription's private key and checks its VAPID signature, as a browser's push service and the browser would.
 * Needs openssl for its certificate; the process trusts it through the global HTTPS agent.
 */
export async function startPushService() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "push-service-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      path.join(dir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  const cert = fs.readFileSync(path.join(dir, "cert.pem"));
  const key = fs.readFileSync(path.join(dir, "key.pem"));
  fs.rmSync(dir, { recursive: true, force: true });
  https.globalAgent.options.ca = [cert];

  const devices = new Map<string, { ecdh: ECDH; auth: Buffer; answer: number }>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  const server = https.createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const endpoint = `${origin}${request.url}`;
      const device = devices.get(endpoint);
      if (!device) return void response.writeHead(404).end();
      if (device.answer !== 201) return void response.writeHead(device.answer).end();
      try {
        if (request.headers["content-encoding"] !== "aes128gcm") throw new Error(`content-encoding ${request.headers["content-encoding"]}`);
        const vapid = checkVapid(request.headers.authorization);
        const message = JSON.parse(decryptPush(Buffer.concat(chunks), device.ecdh, device.auth).toString("utf8")) as Record<
          string,
          unknown
        >;
        received.push({ endpoint, message, ttl: request.headers.ttl as string | undefined, ...vapid });
        response.writeHead(201).end();
      } catch (error) {
        errors.push(String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** The stand-in's certificate (PEM): another process trusts it through NODE_EXTRA_CA_CERTS. */
    certificate: cert.toString("utf8"),
    received,
    /** Pushes the stand-in could not decrypt or verify (should stay empty). */
    errors,
    /** A new device: a fresh P-256 key pair and auth secret, as a browser's pushManager.subscribe() makes. */
    subscribe(): TestSubscription {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(8).toString("hex")}`;
      devices.set(endpoint, { ecdh, auth, answer: 201 });
      return { endpoint, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    /** From now on the push service answers this status for the device (410: the browser unsubscribed). */
    answer(endpoint: string, status: number) {
      devices.get(endpoint)!.answer = status;
    },
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
