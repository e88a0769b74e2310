import { connect, type Socket } from 'node:net';

/**
 * HTTP spoken by hand on one TCP connection, for what a client library will not send: pipelined requests,
 * bytes that are not HTTP, a request held half-sent. What arrives is kept and split into answers.
 */

export interface RawAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

export interface RawConnection {
  socket: Socket;
  /** Everything received once `pattern` matches it, or once the connection closed. */
  until(pattern: RegExp): Promise<string>;
  /** The answers received once `count` have arrived, or once the connection closed. */
  answers(count: number): Promise<RawAnswer[]>;
  /** Resolves when the server has closed the connection. */
  closed: Promise<void>;
}

export function rawConnection(port: number): RawConnection {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  let isClosed = false;
  const waiting = new Set<() => void>();
  const notify = () => {
    for (const wake of waiting) wake();
  };
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
    notify();
  });
  const closed = new Promise<void>((done) => {
    socket.on('close', () => {
      isClosed = true;
      notify();
      done();
    });
  });
  socket.on('error', () => {});
  const when = (ready: () => boolean) =>
    new Promise<void>((done) => {
      const check = () => {
        if (!ready() && !isClosed) return;
        waiting.delete(check);
        done();
      };
      waiting.add(check);
      check();
    });
  return {
    socket,
    closed,
    async until(pattern) {
      await when(() => pattern.test(received));
      return received;
    },
    async answers(count) {
      await when(() => parseAnswers(received).length >= count);
      return parseAnswers(received);
    },
  };
}

/** Whether nothing listens on the port any more. */
export function refusesConnections(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', () => done(true));
  });
}

/** The complete answers in `text`, in order; an interim 100 Continue is skipped. */
export function parseAnswers(text: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = text;
  while (rest.length > 0) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd === -1) break;
    const [statusLine = '', ...lines] = rest.slice(0, headEnd).split('\r\n');
    const status = Number(statusLine.split(' ')[1]);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const bodyStart = headEnd + 4;
    // Lengths are in bytes; the answers these tests read are ASCII JSON.
    if (rest.length < bodyStart + length) break;
    if (status !== 100) answers.push({ status, headers, body: rest.slice(bodyStart, bodyStart + length) });
    rest = rest.slice(bodyStart + length);
  }
  return answers;
}
