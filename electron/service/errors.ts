// Every error the service can answer with, and the failures around it, as a
// typed value: whether it cost money, whether trying again can help, and a
// message a marketer can act on. Messages never include the API key.
import { AppError } from '../lib/app-error';
import type { ErrorCode } from '../ipc/result';

export type Charged = 'no' | 'unknown';

export interface ServiceErrorInfo {
  kind: ErrorCode;
  retryable: boolean;
  charged: Charged;
  message: string;
}

/** The codes of the service interface, with what each means for the user. */
export const serviceErrorCatalogue: Record<number, ServiceErrorInfo> = {
  40000: {
    kind: 'service',
    retryable: false,
    charged: 'no',
    message:
      'The service refused the request as unsupported or conflicting. Nothing was charged. This is a List Cleaner problem: please report it.',
  },
  40001: {
    kind: 'service',
    retryable: false,
    charged: 'no',
    message:
      'The service could not read the request. Nothing was charged. This is a List Cleaner problem: please report it.',
  },
  40002: {
    kind: 'service',
    retryable: false,
    charged: 'no',
    message:
      'The service says this is not a valid email address. Nothing was charged. Check the spelling and try again.',
  },
  40100: {
    kind: 'auth_failed',
    retryable: false,
    charged: 'no',
    message:
      'The service did not accept this API key. Nothing was charged. Copy the key again from your account Settings and paste it here.',
  },
  40200: {
    kind: 'insufficient_balance',
    retryable: false,
    charged: 'no',
    message:
      'Your balance is too low for this check. Nothing was charged. Top up your account, then try again.',
  },
  42200: {
    kind: 'service',
    retryable: false,
    charged: 'no',
    message:
      'The service could not determine this address right now. Nothing was charged. It counts as unknown; you can check it again later.',
  },
  42900: {
    kind: 'service',
    retryable: false,
    charged: 'no',
    message:
      'A usage quota on your account is used up, or too many orders are still unfinished. Nothing was charged. Wait for running tasks to finish, or ask the service to raise your quota.',
  },
  42901: {
    kind: 'service',
    retryable: true,
    charged: 'no',
    message:
      'All of your account’s check slots are busy. Nothing was charged. List Cleaner waits for a free slot and tries again.',
  },
  50303: {
    kind: 'service',
    retryable: true,
    charged: 'no',
    message:
      'The service is at capacity. Nothing was charged. List Cleaner waits as long as the service asks and tries again.',
  },
  50400: {
    kind: 'timeout',
    retryable: true,
    charged: 'no',
    message:
      'The check did not finish within the service’s time limit. Nothing was charged. It can be tried again.',
  },
  50300: {
    kind: 'service',
    retryable: true,
    charged: 'no',
    message:
      'The verification service is down for maintenance. Nothing was charged. Try again later.',
  },
};

export class ServiceError extends AppError {
  readonly retryable: boolean;
  readonly charged: Charged;
  constructor(
    kind: ErrorCode,
    message: string,
    opts: {
      serviceCode?: number;
      retryable: boolean;
      charged: Charged;
      httpStatus?: number;
      retryAfterSeconds?: number;
      /** The service's own msg, kept for details the code alone does not carry. */
      serviceMessage?: string;
    },
  ) {
    super(kind, message, opts.serviceCode);
    this.name = 'ServiceError';
    this.retryable = opts.retryable;
    this.charged = opts.charged;
    this.httpStatus = opts.httpStatus;
    this.retryAfterSeconds = opts.retryAfterSeconds;
    this.serviceMessage = opts.serviceMessage;
  }
  readonly serviceMessage: string | undefined;
  readonly httpStatus: number | undefined;
  readonly retryAfterSeconds: number | undefined;
}

export function errorForCode(
  code: number,
  serviceMsg: string,
  httpStatus: number,
  retryAfterSeconds?: number,
): ServiceError {
  const info = serviceErrorCatalogue[code];
  if (info) {
    return new ServiceError(info.kind, info.message, {
      serviceCode: code,
      retryable: info.retryable,
      charged: info.charged,
      httpStatus,
      retryAfterSeconds,
      serviceMessage: serviceMsg.slice(0, 500),
    });
  }
  // A code the interface does not list: say what we know and no more.
  const said = serviceMsg ? ` (“${serviceMsg.slice(0, 200)}”)` : '';
  return new ServiceError(
    'service',
    `The service answered with error ${code}${said}. Check your balance before trying again.`,
    { serviceCode: code, retryable: false, charged: 'unknown', httpStatus, retryAfterSeconds },
  );
}

// Failures that happen before a request leaves this machine: it cannot have been charged.
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

function causeCode(cause: unknown): string | undefined {
  let at: unknown = cause;
  for (let depth = 0; depth < 4 && at && typeof at === 'object'; depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    at = (at as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * `chargeable`: the request was one the service charges for (a check). When
 * the connection broke after it may have arrived, the service may have done
 * (and charged for) the work whose answer never came: say so, never "nothing
 * was charged".
 */
export function networkError(host: string, cause: unknown, chargeable = false): ServiceError {
  const code = causeCode(cause);
  const maybeCharged = chargeable && (code === undefined || !NEVER_SENT.has(code));
  const err = maybeCharged
    ? new ServiceError(
        'network',
        `The connection to the verification service at ${host} broke before its answer arrived. The service may have checked, and charged for, the addresses in that request; their results could not be kept. Check your internet connection; checking them again may charge them again.`,
        { retryable: true, charged: 'unknown' },
      )
    : new ServiceError(
        'network',
        `List Cleaner could not reach the verification service at ${host}. Nothing was charged. Check your internet connection, or the service address in Settings.`,
        { retryable: true, charged: 'no' },
      );
  err.cause = cause;
  return err;
}

export function timeoutError(host: string, seconds: number): ServiceError {
  return new ServiceError(
    'timeout',
    `The verification service at ${host} did not answer within ${seconds} seconds. Check your connection and try again.`,
    { retryable: true, charged: 'unknown' },
  );
}

export function badResponseError(
  endpoint: string,
  detail: string,
  httpStatus: number,
): ServiceError {
  return new ServiceError(
    'bad_response',
    `The service gave an answer List Cleaner does not understand (${endpoint}, HTTP ${httpStatus}: ${detail}). It may be down or behind a proxy. Try again in a few minutes.`,
    { retryable: false, charged: 'unknown', httpStatus },
  );
}

export function linkExpiredError(httpStatus: number): ServiceError {
  return new ServiceError(
    'link_expired',
    'The link to the results has expired. Nothing was charged for this; List Cleaner asks the service for a fresh link.',
    { retryable: true, charged: 'no', httpStatus },
  );
}

export function pollFailedError(taskId: string, failures: number, last: unknown): ServiceError {
  const err = new ServiceError(
    'poll_failed',
    `List Cleaner could not reach the service ${failures} times in a row while waiting for bulk task ${taskId}. Nothing is lost: the task keeps running at the service, and List Cleaner picks it up again when you resume.`,
    { retryable: true, charged: 'no' },
  );
  err.cause = last;
  return err;
}

/**
 * The service (or something in front of it) answered an API request with a
 * redirect. It is never followed: the request carries the API key, which goes
 * only to the address the user set. `target` is where it pointed, if it said.
 */
export function redirectedError(host: string, target: string | null, status: number): ServiceError {
  const where = target === null ? 'somewhere it did not name' : `to ${target}`;
  return new ServiceError(
    'redirect_refused',
    `The verification service at ${host} tried to send List Cleaner on ${where} instead of answering. List Cleaner did not go: your API key was not sent there, and nothing was charged. If your provider moved the service, enter its new https:// address under Service address in Settings; otherwise ask your provider or your network administrator about it.`,
    { retryable: false, charged: 'no', httpStatus: status },
  );
}

/**
 * An API answer larger than any the interface gives: reading stopped at the
 * limit. `chargeable`: the request was a check or a submit, which the service
 * may have done (and charged for) before answering.
 */
export function answerTooLargeError(
  endpoint: string,
  limitBytes: number,
  httpStatus: number,
  chargeable: boolean,
): ServiceError {
  const mb = Math.round(limitBytes / 1_048_576);
  const charge = chargeable
    ? 'The service may have checked, and charged for, the addresses in that request; their results could not be kept.'
    : 'Nothing was charged.';
  return new ServiceError(
    'bad_response',
    `The service's answer (${endpoint}, HTTP ${httpStatus}) was larger than any answer it should give (over ${mb} MB), so List Cleaner stopped reading it. ${charge} The service may be down or behind a proxy: try again in a few minutes, and ask your provider if it keeps happening.`,
    { retryable: false, charged: chargeable ? 'unknown' : 'no', httpStatus },
  );
}

/** What every failure of a finished task's download has in common: paid for, and still there. */
const TASK_STAYS =
  'The service charged the bulk task for the addresses it checked and keeps its results for a while';

/**
 * A result file larger than the task's addresses could fill: stopped at the
 * cap, none of it kept. Asking again brings the same file, so it is not retried.
 */
export function resultTooLargeError(rows: number, capBytes: number): ServiceError {
  const mb = Math.ceil(capBytes / 1_048_576);
  return new ServiceError(
    'result_too_large',
    `The result file of a bulk task of ${rows.toLocaleString('en-US')} addresses grew past ${mb.toLocaleString('en-US')} MB, far more than those results can take, so List Cleaner stopped downloading it and kept none of it. ${TASK_STAYS}: ask your provider's support to check the task's result file, then try again; checking the addresses anew would charge them again.`,
    { retryable: false, charged: 'unknown' },
  );
}

/**
 * A result link List Cleaner does not open (`problem` says which and why): not
 * encrypted, or redirected where it does not follow. A fresh link from the
 * same service would be no better, so it is not retried.
 */
export function resultLinkRefusedError(
  kind: 'redirect_refused' | 'link_refused',
  problem: string,
  httpStatus?: number,
): ServiceError {
  // Nothing was fetched, so the download charged nothing; the task's own charge is said.
  return new ServiceError(
    kind,
    `${problem} Nothing was charged for the download. ${TASK_STAYS}: ask your provider's support about the result link, then try again.`,
    { retryable: false, charged: 'no', httpStatus },
  );
}

/**
 * A result link, or a hop it was redirected on, that leads to an address on
 * this computer or a private network (`words` says which), whatever its text
 * said: refused before connecting, so a link cannot reach services that are
 * not on the internet. `said` names the link ("The result link from
 * api.example.com points at files.example.net"); `address` is where it led.
 * Asking at once for a fresh link would meet the same address, so it is not
 * retried; the paid results wait at the service for a later try.
 */
export function linkAddressRefusedError(
  kind: 'link_refused' | 'redirect_refused',
  said: string,
  address: string | null,
  words: string,
  httpStatus?: number,
): ServiceError {
  const led = address === null ? ':' : `, which leads to ${address}:`;
  return new ServiceError(
    kind,
    `${said}${led} ${words}, not the internet. List Cleaner did not connect to it, so the link could not reach anything on your computer or your network. Nothing was charged for the download. ${TASK_STAYS}, and the job keeps the task: try again later (Try again), and if the link still points there, contact your provider's support about it.`,
    { retryable: false, charged: 'no', httpStatus },
  );
}
