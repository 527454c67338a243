import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Body with quoted-printable soft breaks and escapes undone (enough to read links and Portuguese text). */
  text: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtp(opts: { recusar?: number } = {}): Promise<{ url: string; messages: ReceivedMail[]; close: () => Promise<void>; recusar: (n: number) => void }> {
  const messages: ReceivedMail[] = [];
  // The next `recusar` messages are refused with a temporary failure (451), as a busy or broken mail server does.
  let recusar = opts.recusar ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (recusar > 0) {
          recusar--;
          return callback(Object.assign(new Error('Servidor de e-mail indisponível, tente mais tarde'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: Buffer.from(text, 'latin1').toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}?ignoreTLS=true`, messages, close: () => new Promise((r) => server.close(() => r())), recusar: (n) => (recusar = n) };
}
