import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxMailer, createSmtpMailer, type Mail } from './mailer.ts';

const MAIL: Mail = {
  to: 'reader@example.com',
  subject: 'Grüße from Plotline',
  text: 'Hello,\n\nhttp://studio.test/login?invite=abc',
  html: '<p>Hello, <a href="http://studio.test/login?invite=abc">accept</a></p>',
  link: 'http://studio.test/login?invite=abc',
};

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

describe('the SMTP mailer', () => {
  it('delivers plain and HTML parts to a real SMTP server', async () => {
    const received: Buffer[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.server.address() as AddressInfo;

    await createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Plotline <no-reply@plotline.test>').send(
      MAIL,
    );

    expect(received).toHaveLength(1);
    const mail = await simpleParser(received[0]!);
    expect(mail.subject).toBe('Grüße from Plotline');
    expect(mail.from?.value).toEqual([{ name: 'Plotline', address: 'no-reply@plotline.test' }]);
    expect(mail.text).toContain('http://studio.test/login?invite=abc');
    expect(mail.html).toContain('<a href="http://studio.test/login?invite=abc">');
  });

  it('fails loudly when the server cannot be reached', async () => {
    await expect(createSmtpMailer('smtp://127.0.0.1:1', 'a@b.co').send(MAIL)).rejects.toThrow();
  });
});

describe('the outbox mailer', () => {
  it('writes each mail as an .eml file and logs its link', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'plotline-outbox-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const logged: string[] = [];
    const outbox = path.join(folder, 'outbox');
    const mailer = createOutboxMailer(outbox, 'Plotline <no-reply@plotline.test>', {
      info: (message) => logged.push(message),
    });

    await mailer.send(MAIL);
    await mailer.send({ ...MAIL, to: 'second@example.com' });

    const files = (await readdir(outbox)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const first = await simpleParser(await readFile(path.join(outbox, files[0]!)));
    expect(first.subject).toBe('Grüße from Plotline');
    expect(first.html).toContain('accept');
    expect(logged[0]).toContain('reader@example.com');
    expect(logged[0]).toContain('http://studio.test/login?invite=abc');
  });
});
