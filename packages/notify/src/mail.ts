// Mail to the shop through its own SMTP server (nodemailer), each try classified for the retry
// schedule: no connection, a timeout or a 4xx reply is worth another try; a 5xx reply is not.
import { readDigestAfter } from './digest';
import nodemailer from 'nodemailer';
import type { NodemailerError } from 'nodemailer';
import { z } from '@shop/contracts';
import { excerpt } from './outcome';
import { cleanSingleLine } from './text';
import type { Outcome, SendResult } from './outcome';

export const DEFAULT_CONSOLE_URL = 'http://localhost:3002';

export interface MailConfig {
  /** smtp:// or smtps://, credentials in the URL. */
  smtpUrl: string;
  from: string;
  to: string[];
  /** Where the console's pages are, for the links in a mail; no trailing slash. */
  consoleUrl: string;
  /** NOTIFY_DIGEST_AFTER: request e-mails an hour before the rest are folded into one digest (default 30). */
  digestAfter?: number;
}

const Address = z.email();

/**
 * The mail settings from the environment given (SMTP_URL, MAIL_FROM, SHOP_NOTIFY_EMAIL,
 * CONSOLE_URL); null when SMTP_URL is unset, meaning no mail is sent. Throws on a setting that
 * cannot work, naming it.
 */
export function readMailConfig(env: Readonly<Record<string, string | undefined>>): MailConfig | null {
  const smtpUrl = env.SMTP_URL?.trim();
  if (!smtpUrl) return null;
  let parsed: URL;
  try {
    parsed = new URL(smtpUrl);
  } catch {
    throw new Error('SMTP_URL is not a URL: give smtp://user:pass@host:port or smtps://...');
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${parsed.protocol}//`);
  }
  const from = env.MAIL_FROM?.trim() ?? '';
  if (!from) throw new Error('MAIL_FROM is required when SMTP_URL is set: the address the shop is mailed from.');
  if (!Address.safeParse(addressPart(from)).success) throw new Error(`MAIL_FROM is not an e-mail address: ${from}`);
  const to = parseRecipients(env.SHOP_NOTIFY_EMAIL ?? '');
  if (to.length === 0) throw new Error('SHOP_NOTIFY_EMAIL is required when SMTP_URL is set: one address or a comma list.');
  const consoleUrl = (env.CONSOLE_URL?.trim() || DEFAULT_CONSOLE_URL).replace(/\/+$/, '');
  try {
    new URL(consoleUrl);
  } catch {
    throw new Error(`CONSOLE_URL is not a URL: ${consoleUrl}`);
  }
  return { smtpUrl, from, to, consoleUrl, digestAfter: readDigestAfter(env) };
}

/** A comma list of addresses, each checked; throws naming the first that is not one. */
export function parseRecipients(list: string): string[] {
  const addresses = list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  for (const address of addresses) {
    if (!Address.safeParse(address).success) throw new Error(`Not an e-mail address: ${address}`);
  }
  return addresses;
}

/** `Shop <a@b.c>` -> `a@b.c`. */
function addressPart(mailbox: string): string {
  return /<([^>]+)>\s*$/.exec(mailbox)?.[1] ?? mailbox;
}

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Stable across tries of one outbox row so a mailbox can drop a repeat. */
  messageId?: string;
}

export interface MailerOptions {
  /** Waiting for the TCP connection. Default 10 s. */
  connectionTimeoutMs?: number;
  /** Waiting for the server's greeting. Default 10 s. */
  greetingTimeoutMs?: number;
  /** Silence on an open connection. Default 30 s. */
  socketTimeoutMs?: number;
}

export interface Mailer {
  readonly from: string;
  send(message: MailMessage): Promise<SendResult>;
  close(): void;
}

export function createMailer(config: Pick<MailConfig, 'smtpUrl' | 'from'>, options: MailerOptions = {}): Mailer {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: options.connectionTimeoutMs ?? 10_000,
    greetingTimeout: options.greetingTimeoutMs ?? 10_000,
    socketTimeout: options.socketTimeoutMs ?? 30_000,
  });
  return {
    from: config.from,
    async send(message) {
      const started = performance.now();
      const took = () => Math.round(performance.now() - started);
      try {
        const info = await transport.sendMail({
          from: config.from,
          to: message.to,
          // A header is one line, whatever a renderer let through.
          subject: cleanSingleLine(message.subject),
          text: message.text,
          html: message.html,
          ...(message.messageId ? { messageId: message.messageId } : {}),
        });
        const rejected = info.rejected.map(String);
        return {
          outcome: 'ok',
          status: replyCode(info.response),
          error: rejected.length > 0 ? `Refused for ${rejected.join(', ')}; delivered to the rest.` : null,
          response: excerpt(info.response),
          durationMs: took(),
        };
      } catch (error) {
        return { ...classifySmtpError(error as NodemailerError), durationMs: took() };
      }
    },
    close() {
      transport.close();
    },
  };
}

// Failures where the same message and settings would fail again.
const PERMANENT_CODES = new Set(['ECONFIG', 'ENOAUTH', 'EENVELOPE', 'EMESSAGE', 'EREQUIRETLS']);

/** A 5xx reply is final (nodemailer's `permanent`, which leaves 503 retryable); a 4xx reply, no connection or a timeout is not. */
export function classifySmtpError(error: NodemailerError): Omit<SendResult, 'durationMs'> {
  const response = typeof error.response === 'string' ? excerpt(error.response) : null;
  if (typeof error.responseCode === 'number') {
    const permanent = error.permanent ?? error.responseCode >= 500;
    return {
      outcome: permanent ? 'dead' : 'retry',
      status: error.responseCode,
      error: `The mail server refused the message (${error.responseCode}${error.command ? ` to ${error.command}` : ''}).`,
      response,
    };
  }
  const code = error.code ?? 'unknown';
  if (code === 'ETIMEDOUT') {
    return { outcome: 'retry', status: null, error: `The mail server did not answer in time (${error.timeoutType ?? code}).`, response };
  }
  const outcome: Outcome = PERMANENT_CODES.has(code) ? 'dead' : 'retry';
  const detail = error.originalCode && error.originalCode !== code ? `${code}, ${error.originalCode}` : code;
  const what = outcome === 'dead' ? 'The message could not be sent' : 'Could not reach the mail server';
  return { outcome, status: null, error: `${what} (${detail}): ${error.message}`.slice(0, 300), response };
}

function replyCode(response: string): number | null {
  const code = /^(\d{3})\b/.exec(response)?.[1];
  return code === undefined ? null : Number(code);
}
