/** HTTP/1.1 spoken by hand over TCP: for what fetch hides (slow and partial requests, timing of answers). */
import net from "node:net";

export type RawAnswer = {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** How many of the parts had been written when this answer was complete. */
  partsSent: number;
};

export type Exchange = {
  answers: RawAnswer[];
  closedByServer: boolean;
  error: string | null;
  /** From connecting to the end of the exchange. */
  ms: number;
};

/**
 * Writes `parts` on one raw TCP connection, in order (a number waits that many ms), and parses
 * every HTTP/1.1 answer that comes back until `expected` answers came, the server closes the
 * connection, or 5 s pass. `localAddress` picks the client's source address (127.0.0.2 …).
 */
export function exchange(
  port: number,
  parts: (string | Buffer | number)[],
  expected: number,
  localAddress?: string,
) {
  return new Promise<Exchange>((resolve) => {
    const started = performance.now();
    const socket = net.connect({ port, host: "127.0.0.1", localAddress });
    let received = Buffer.alloc(0);
    let error: string | null = null;
    let closedByServer = false;
    let written = 0;
    const answers: RawAnswer[] = [];
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ answers, closedByServer, error, ms: performance.now() - started });
    };
    const timer = setTimeout(finish, 5_000);
    socket.on("data", (d) => {
      received = Buffer.concat([received, d]);
      const parsed = parseAnswers(received);
      for (const answer of parsed.slice(answers.length)) answers.push({ ...answer, partsSent: written });
      if (answers.length >= expected) finish();
    });
    socket.on("error", (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on("end", () => {
      closedByServer = true;
      finish();
    });
    socket.on("connect", async () => {
      for (const part of parts) {
        if (typeof part === "number") await new Promise((r) => setTimeout(r, part));
        else if (!socket.destroyed) socket.write(part);
        written++;
      }
    });
  });
}

export function parseAnswers(bytes: Buffer): Omit<RawAnswer, "partsSent">[] {
  const answers: Omit<RawAnswer, "partsSent">[] = [];
  let rest = bytes;
  while (rest.length) {
    const end = rest.indexOf("\r\n\r\n");
    if (end < 0) break;
    const head = rest.subarray(0, end).toString("latin1");
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (rest.length < end + 4 + length) break;
    const [statusLine, ...lines] = head.split("\r\n");
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
    );
    answers.push({
      status: Number(statusLine!.split(" ")[1]),
      headers,
      body: rest.subarray(end + 4, end + 4 + length).toString("utf8"),
    });
    rest = rest.subarray(end + 4 + length);
  }
  return answers;
}

export const healthRequest = "GET /api/health HTTP/1.1\r\nHost: t\r\n\r\n";

/** The head of a POST with a declared body length. */
export const postHead = (path: string, length: number, extra = "") =>
  `POST ${path} HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;

/** The head of a POST whose body comes in chunks (no declared length). */
export const chunkedHead = (path: string, extra = "") =>
  `POST ${path} HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n${extra}\r\n`;

/** One chunk of a chunked body. */
export const chunk = (data: Buffer | string) => {
  const bytes = Buffer.from(data);
  return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")]);
};

/**
 * An upload of one `file` part (multipart/form-data) as a raw request: its head, and its body for
 * the test to send whole, in pieces, or only in part.
 */
export function multipartUpload(
  path: string,
  token: string,
  file: { name: string; bytes: Buffer | string; type?: string },
) {
  const boundary = "----shinian-raw";
  const type = file.type ? `Content-Type: ${file.type}\r\n` : "";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n${type}\r\n`,
    ),
    Buffer.from(file.bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const head =
    `POST ${path} HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`;
  return { head, body };
}
