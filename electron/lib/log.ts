// The one logger of the main side. Every line passes through redaction
// (redact-secrets.ts), so a secret can never reach a log, whatever code logs it.
import { redactSecrets } from './redact-secrets';

export { forgetSecret, redactSecrets, registerSecret } from './redact-secrets';

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
  sink(level, redactSecrets(`[list-cleaner] ${level}: ${message}${extra}`));
}

export const log = {
  info: (message: string, detail?: unknown) => write('info', message, detail),
  warn: (message: string, detail?: unknown) => write('warn', message, detail),
  error: (message: string, detail?: unknown) => write('error', message, detail),
};
