// Reading an answer's body with a ceiling: whatever the other end sends, this
// process never reads (nor hands on) more than the limit. The declared length
// refuses a body before any of it is read; counting while reading catches the
// body that declares none (chunked) or lies, and the one that inflates (the
// body is counted after gzip is undone, so a compressed bomb is counted as it
// opens).

export interface BodyLimit {
  /** The most bytes the body may hold. */
  limit: number;
  /** The error to throw when it holds more. */
  tooLarge: () => Error;
}

/** Lets go of a body that will not be read: the connection is dropped, not drained. */
export async function discardBody(res: Response): Promise<void> {
  await res.body?.cancel().catch(() => undefined);
}

/** A Content-Length header that says the body is over the limit (one that says nothing, or nonsense, does not). */
export function declaresMoreThan(header: string | null | undefined, limit: number): boolean {
  if (header === null || header === undefined || !/^\d+$/.test(header.trim())) return false;
  return Number(header.trim()) > limit;
}

/** Refuses an answer whose Content-Length is over the limit, without reading it. */
export async function refuseDeclaredLength(res: Response, bound: BodyLimit): Promise<void> {
  if (declaresMoreThan(res.headers.get('content-length'), bound.limit)) {
    await discardBody(res);
    throw bound.tooLarge();
  }
}

/**
 * The body's chunks, none past the limit: the chunk that would cross it is
 * not handed on, the rest of the body is cancelled, and `tooLarge` is thrown.
 * Ending early for any other reason also cancels what is left unread.
 */
export async function* boundedChunks(
  res: Response,
  bound: BodyLimit,
): AsyncGenerator<Uint8Array, void, undefined> {
  await refuseDeclaredLength(res, bound);
  if (!res.body) return;
  const reader = res.body.getReader();
  let seen = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      seen += value.byteLength;
      if (seen > bound.limit) throw bound.tooLarge();
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** The whole body as UTF-8 text (a leading BOM dropped, as `Response.text()` does), within the limit. */
export async function readBoundedText(res: Response, bound: BodyLimit): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of boundedChunks(res, bound)) chunks.push(chunk);
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * A stream's chunks, none past the limit, for a body that is not a fetch
 * Response (a `node:http` answer). Stopping early, at the limit or for any
 * other reason, ends the iteration, which destroys the stream and so drops
 * its connection.
 */
export async function* boundedStream(
  source: AsyncIterable<Uint8Array>,
  bound: BodyLimit,
): AsyncGenerator<Uint8Array, void, undefined> {
  let seen = 0;
  for await (const chunk of source) {
    seen += chunk.byteLength;
    if (seen > bound.limit) throw bound.tooLarge();
    yield chunk;
  }
}
