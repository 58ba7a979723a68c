import type { FastifyInstance } from "fastify";

/** A file part of a multipart/form-data body. */
export interface FilePart {
  name: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

const BOUNDARY = "----gathering-test-boundary-7MA4YWxk";

/** A multipart/form-data body with text fields and files, and the header that names its boundary. */
export function multipartBody(fields: Record<string, string>, files: FilePart[] = []) {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** Sends a multipart/form-data POST (or `method`) through the app as the member whose session cookie is given. */
export function injectMultipart(
  app: FastifyInstance,
  request: { url: string; cookie: string; fields: Record<string, string>; files?: FilePart[]; method?: "POST" | "PUT" },
) {
  const form = multipartBody(request.fields, request.files);
  return app.inject({
    method: request.method ?? "POST",
    url: request.url,
    headers: { ...form.headers, cookie: request.cookie },
    payload: form.payload,
  });
}
