/**
 * A minimal SMTP server on loopback that keeps what it receives: enough of the
 * protocol for nodemailer to deliver, so tests see the real transport's output.
 */
import { createServer, type Server } from 'node:net';

export interface Received {
  from: string;
  to: string[];
  data: string;
}

export function smtpSink(received: Received[]): Server {
  return createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line;
        if (verb === 'RCPT') current.to.push(line);
        if (verb === 'DATA') inData = true;
        const answers: Record<string, string> = {
          EHLO: '250 sink',
          HELO: '250 sink',
          DATA: '354 go ahead',
          QUIT: '221 bye',
        };
        reply(answers[verb] ?? '250 ok');
        if (verb === 'QUIT') socket.end();
      }
    });
  });
}

/** A listening sink and its port. */
export async function startSmtpSink(received: Received[]): Promise<{ server: Server; port: number }> {
  const server = smtpSink(received);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}
