import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * An SMTP server in the test process that keeps every message it accepts, parsed. Listens on a free port unless
 * given one (the journeys' server sends to a port fixed in playwright.config.ts).
 */
export async function startSmtpServer(listenPort = 0) {
  const messages: ParsedMail[] = [];
  const waiters: Array<{ to: string; resolve: (mail: ParsedMail) => void }> = [];
  const recipients = (mail: ParsedMail) =>
    [mail.to].flat().flatMap((address) => address?.value.map((entry) => entry.address?.toLowerCase() ?? "") ?? []);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const waiter of [...waiters]) {
            if (recipients(mail).includes(waiter.to)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Messages sent to this address so far. */
    to: (address: string) => messages.filter((mail) => recipients(mail).includes(address.toLowerCase())),
    /** The next message to this address (one already received counts). */
    next(address: string, timeoutMs = 5000): Promise<ParsedMail> {
      const to = address.toLowerCase();
      const already = messages.find((mail) => recipients(mail).includes(to));
      if (already) {
        messages.splice(messages.indexOf(already), 1);
        return Promise.resolve(already);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no email to ${address}`)), timeoutMs);
        waiters.push({
          to,
          resolve: (mail) => {
            clearTimeout(timer);
            messages.splice(messages.indexOf(mail), 1);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const link = mail.text?.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in: ${mail.text}`);
  return link;
}
