/**
 * Replaces what stands between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` in a document (the markers stay), so
 * a bench rewrites its own figures and nothing else; a document without the markers gets them at its end.
 */
export function replaceSection(document: string, name: string, body: string): string {
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const start = document.indexOf(open);
  const end = document.indexOf(close);
  const block = `${open}\n\n${body.trim()}\n\n${close}`;
  if (start === -1 || end < start) return `${document.trimEnd()}\n\n${block}\n`;
  return document.slice(0, start) + block + document.slice(end + close.length);
}
