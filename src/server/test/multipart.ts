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
