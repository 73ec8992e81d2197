// The one logger of the main side. Every line passes through redaction, so a
// secret registered here can never reach a log, whatever code logs it.

const secrets = new Set<string>();

export function registerSecret(secret: string): void {
  if (secret.length >= 4) secrets.add(secret);
}

export function forgetSecret(secret: string): void {
  secrets.delete(secret);
}

export function redact(text: string): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join('[redacted]');
  return out;
}

type Level = 'info' | 'warn' | 'error';
let sink: (level: Level, line: string) => void = (level, line) => {
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else if (process.env.LIST_CLEANER_DEBUG) console.log(line);
};

/** Tests capture log output through this to prove nothing secret is logged. */
export function setLogSink(next: (level: Level, line: string) => void): void {
  sink = next;
}

function write(level: Level, message: string, detail?: unknown): void {
  const extra =
    detail === undefined
      ? ''
      : ` ${detail instanceof Error ? (detail.stack ?? detail.message) : JSON.stringify(detail)}`;
  sink(level, redact(`[list-cleaner] ${level}: ${message}${extra}`));
}

export const log = {
  info: (message: string, detail?: unknown) => write('info', message, detail),
  warn: (message: string, detail?: unknown) => write('warn', message, detail),
  error: (message: string, detail?: unknown) => write('error', message, detail),
};
