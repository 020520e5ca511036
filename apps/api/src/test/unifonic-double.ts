import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Unifonic's `POST /rest/SMS/messages` (reference §10): it checks the form
 * the way Unifonic documents it, keeps what it accepted, and can be told to refuse (HTTP status
 * or `success: false` with an error code) or to be slow.
 */
export interface UnifonicDouble {
  url: string;
  appSid: string;
  messages: { recipient: string; body: string; senderId: string }[];
  /** Next answers: `refuse` → success:false; a number → that HTTP status; `slow` → waits. */
  failNext(kind: 'refuse' | number, times?: number): void;
  delayMs: number;
  close(): Promise<void>;
}

export async function startUnifonicDouble(appSid = 'test-app-sid'): Promise<UnifonicDouble> {
  const failures: ('refuse' | number)[] = [];
  const double: UnifonicDouble = {
    url: '',
    appSid,
    messages: [],
    delayMs: 0,
    failNext(kind, times = 1) {
      for (let i = 0; i < times; i++) failures.push(kind);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => void answer());
    async function answer() {
      if (double.delayMs > 0) await new Promise((r) => setTimeout(r, double.delayMs));
      const reply = (status: number, body: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/rest/SMS/messages') {
        return reply(404, { success: false, message: 'Not found', errorCode: 'ER-404' });
      }
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return reply(400, { success: false, message: 'Bad content type', errorCode: 'ER-400' });
      }
      const form = new URLSearchParams(raw);
      if (form.get('AppSid') !== appSid) {
        return reply(401, { success: false, message: 'Wrong AppSid', errorCode: 'ER-01' });
      }
      const recipient = form.get('Recipient') ?? '';
      if (!/^[1-9]\d{7,14}$/.test(recipient) || !form.get('Body')) {
        return reply(200, { success: false, message: 'Invalid recipient', errorCode: 'ER-03' });
      }
      const failure = failures.shift();
      if (failure === 'refuse') {
        return reply(200, { success: false, message: 'Insufficient balance', errorCode: 'ER-10' });
      }
      if (typeof failure === 'number') {
        return reply(failure, { success: false, message: 'Server error', errorCode: 'ER-500' });
      }
      double.messages.push({
        recipient,
        body: form.get('Body') ?? '',
        senderId: form.get('SenderID') ?? '',
      });
      reply(200, {
        success: true,
        message: '',
        errorCode: 'ER-00',
        data: {
          MessageID: double.messages.length,
          CorrelationID: form.get('CorrelationID') ?? '',
          Status: 'Sent',
          NumberOfUnits: 1,
          Cost: 0.05,
          Balance: 100,
          Recipient: Number(recipient),
          TimeCreated: new Date().toISOString().replace('T', ' ').slice(0, 19),
          CurrencyCode: 'SAR',
        },
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  double.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return double;
}
