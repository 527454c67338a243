import type { Transporter } from 'nodemailer';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** files sent with the message (an NF-e's XML and DANFE, an order's PDF): nodemailer's own attachment shape */
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is configured (smtp://user:pass@host:587, smtps://… for TLS); otherwise each message is
 * written to DATA_DIR/outbox as an .eml file and its path logged, so a local user can follow the e-mail flows.
 */
/** nodemailer is loaded on the first message, not at start (memory and start time of an idle server). */
function lazyTransport(options: unknown): () => Promise<Transporter> {
  let t: Promise<Transporter> | null = null;
  return () => (t ??= import('nodemailer').then((m) => m.default.createTransport(options as any)));
}

export function createMailer(opts: { smtpUrl?: string; outboxDir?: string; from?: string; log?: (line: string) => void }): Mailer {
  const from = opts.from ?? process.env.SMTP_FROM ?? 'Retaguarda <nao-responda@retaguarda.local>';
  const log = opts.log ?? ((l: string) => console.log(l));
  if (opts.smtpUrl) {
    const transport = lazyTransport(opts.smtpUrl);
    return {
      async send(msg) {
        await (await transport()).sendMail({ from, ...msg });
      },
    };
  }
  const dir = opts.outboxDir ?? join(process.cwd(), 'data', 'outbox');
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(msg) {
      const info = await (await transport()).sendMail({ from, ...msg });
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${msg.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`);
      writeFileSync(file, info.message as Buffer);
      const link = /https?:\/\/\S+/.exec(msg.text)?.[0];
      log(`e-mail para ${msg.to} gravado em ${file}${link ? ` — link: ${link}` : ''}`);
    },
  };
}
