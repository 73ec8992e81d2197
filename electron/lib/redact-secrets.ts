// The one rule that keeps a secret off every line a person or a file may
// read: log lines, the command line's stdout and stderr, and the errors the
// window is shown (ipc/registry.ts). Two nets, because neither is enough alone:
// - the secrets this process knows (the API key, a team store's password, a
//   platform's key), registered the moment they are read or typed, wherever
//   they appear;
// - the shapes a secret not known here comes in: the password of an address
//   (`postgres://crew:secret@db/…`), a `password=` or `api_key=` pair (a
//   connection string, a query), an `X-API-Key:` header quoted back.
// The word "password" itself is kept: it is the placeholder our own words
// use to show where a password goes ("postgres://{user}:password@…").

const secrets = new Set<string>();

export function registerSecret(secret: string): void {
  if (secret.length >= 4) secrets.add(secret);
}

export function forgetSecret(secret: string): void {
  secrets.delete(secret);
}

export const REDACTED = '[redacted]';

const keep = (value: string): boolean => /^["']?password["']?$/i.test(value);

/** scheme://user:PASSWORD@host: the user and the host stay, they say which store. */
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]*:)([^\s@/]+)(@)/gi;
/** password=…, pwd = '…', api_key=… (a connection string, a query). */
const PAIR = /(\b(?:password|passwd|pwd|api[_-]?key|apikey)\s*=\s*)('[^']*'|"[^"]*"|[^\s&;,"']+)/gi;
/** "password": "…", "apiKey": "…" (JSON quoted back). */
const JSON_PAIR = /("(?:password|passwd|api[_-]?key|apikey)"\s*:\s*)("(?:[^"\\]|\\.)*")/gi;
/** X-API-Key: … (a request's header quoted back). Prose ("the password: put it…") is no pair. */
const HEADER = /(\bx-api-key\s*:\s*)(\S+)/gi;

const hide = (all: string, head: string, value: string): string =>
  keep(value) || value.includes(REDACTED) ? all : `${head}${REDACTED}`;

export function redactSecrets(text: string): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join(REDACTED);
  return out
    .replace(URL_PASSWORD, (all, head: string, pass: string, at: string) =>
      keep(pass) ? all : `${head}${REDACTED}${at}`,
    )
    .replace(PAIR, hide)
    .replace(JSON_PAIR, (all, head: string, value: string) =>
      keep(value) || value.includes(REDACTED) ? all : `${head}"${REDACTED}"`,
    )
    .replace(HEADER, hide);
}
