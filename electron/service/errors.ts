// Every error the service can answer with, and the failures around it, as a
// typed value: whether it cost money, whether trying again can help, and a
// message a marketer can act on. Messages never include the API key.
import { english, message, say, type Message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import type { ErrorCode } from '../common/result';

export type Charged = 'no' | 'unknown';

export interface ServiceErrorInfo {
  kind: ErrorCode;
  retryable: boolean;
  charged: Charged;
  /** The message, said in the reader's language where it is shown. */
  said: Message;
  /** Its English. */
  message: string;
}

/** The codes of the service interface, with what each means for the user. */
const CATALOGUE: Record<number, Omit<ServiceErrorInfo, 'message'>> = {
  40000: {
    kind: 'service',
    retryable: false,
    charged: 'no',
    said: message('error.service.unsupported'),
  },
  40001: {
    kind: 'service',
    retryable: false,
    charged: 'no',
    said: message('error.service.unreadableRequest'),
  },
  40002: {
    kind: 'service',
    retryable: false,
    charged: 'no',
    said: message('error.service.notAnAddress'),
  },
  40100: {
    kind: 'auth_failed',
    retryable: false,
    charged: 'no',
    said: message('error.service.keyRefused'),
  },
  40200: {
    kind: 'insufficient_balance',
    retryable: false,
    charged: 'no',
    said: message('error.service.balanceTooLow'),
  },
  42200: {
    kind: 'service',
    retryable: false,
    charged: 'no',
    said: message('error.service.undetermined'),
  },
  42900: {
    kind: 'service',
    retryable: false,
    charged: 'no',
    said: message('error.service.quotaUsedUp'),
  },
  42901: {
    kind: 'service',
    retryable: true,
    charged: 'no',
    said: message('error.service.slotsBusy'),
  },
  50303: {
    kind: 'service',
    retryable: true,
    charged: 'no',
    said: message('error.service.atCapacity'),
  },
  50400: {
    kind: 'timeout',
    retryable: true,
    charged: 'no',
    said: message('error.service.timeLimit'),
  },
  50300: {
    kind: 'service',
    retryable: true,
    charged: 'no',
    said: message('error.service.maintenance'),
  },
};

export const serviceErrorCatalogue: Record<number, ServiceErrorInfo> = Object.fromEntries(
  Object.entries(CATALOGUE).map(([code, info]) => [
    code,
    { ...info, message: say(english.t, info.said) },
  ]),
);

export class ServiceError extends AppError {
  readonly retryable: boolean;
  readonly charged: Charged;
  constructor(
    kind: ErrorCode,
    what: string | Message,
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
    super(kind, what, opts.serviceCode);
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
    return new ServiceError(info.kind, info.said, {
      serviceCode: code,
      retryable: info.retryable,
      charged: info.charged,
      httpStatus,
      retryAfterSeconds,
      serviceMessage: serviceMsg.slice(0, 500),
    });
  }
  // A code the interface does not list: say what we know and no more.
  const said = serviceMsg
    ? message('error.service.unknownCodeSaid', {
        code: String(code),
        said: serviceMsg.slice(0, 200),
      })
    : message('error.service.unknownCode', { code: String(code) });
  return new ServiceError('service', said, {
    serviceCode: code,
    retryable: false,
    charged: 'unknown',
    httpStatus,
    retryAfterSeconds,
  });
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

/** The innermost cause's words, with its code: "connect ECONNREFUSED 127.0.0.1:9". */
function causeWords(cause: unknown, code: string | undefined): string {
  let at: unknown = cause;
  let words = '';
  for (let depth = 0; depth < 4 && at && typeof at === 'object'; depth++) {
    const said = (at as { message?: unknown }).message;
    if (typeof said === 'string' && said !== '') words = said;
    at = (at as { cause?: unknown }).cause;
  }
  if (code === undefined || words.includes(code)) return words || String(cause);
  return words === '' ? code : `${code}: ${words}`;
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
    ? new ServiceError('network', message('error.service.connectionBroke', { host }), {
        retryable: true,
        charged: 'unknown',
      })
    : new ServiceError('network', message('error.service.unreachable', { host }), {
        retryable: true,
        charged: 'no',
      });
  err.cause = cause;
  // The system's code ("ECONNREFUSED") is no word for a user: behind Details only.
  err.details = causeWords(cause, code);
  return err;
}

export function timeoutError(host: string, seconds: number): ServiceError {
  return new ServiceError('timeout', message('error.service.noAnswer', { host, seconds }), {
    retryable: true,
    charged: 'unknown',
  });
}

export function badResponseError(
  endpoint: string,
  detail: string,
  httpStatus: number,
): ServiceError {
  return new ServiceError(
    'bad_response',
    message('error.service.badAnswer', { endpoint, httpStatus: String(httpStatus), detail }),
    { retryable: false, charged: 'unknown', httpStatus },
  );
}

export function linkExpiredError(httpStatus: number): ServiceError {
  return new ServiceError('link_expired', message('error.service.linkExpired'), {
    retryable: true,
    charged: 'no',
    httpStatus,
  });
}

export function pollFailedError(taskId: string, failures: number, last: unknown): ServiceError {
  const err = new ServiceError(
    'poll_failed',
    message('error.service.pollFailed', { failures, taskId }),
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
  return new ServiceError(
    'redirect_refused',
    target === null
      ? message('error.service.redirectedNowhere', { host })
      : message('error.service.redirected', { host, target }),
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
  return new ServiceError(
    'bad_response',
    message('error.service.answerTooLarge', {
      endpoint,
      httpStatus: String(httpStatus),
      mb,
      charge: chargeable
        ? message('error.service.mayHaveCharged')
        : message('error.service.nothingCharged'),
    }),
    { retryable: false, charged: chargeable ? 'unknown' : 'no', httpStatus },
  );
}

/**
 * A result file larger than the task's addresses could fill: stopped at the
 * cap, none of it kept. Asking again brings the same file, so it is not retried.
 */
export function resultTooLargeError(rows: number, capBytes: number): ServiceError {
  const mb = Math.ceil(capBytes / 1_048_576);
  return new ServiceError(
    'result_too_large',
    message('error.service.resultTooLarge', { rows, mb }),
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
  problem: string | Message,
  httpStatus?: number,
): ServiceError {
  // Nothing was fetched, so the download charged nothing; the task's own charge is said.
  return new ServiceError(kind, message('error.service.linkRefused', { problem }), {
    retryable: false,
    charged: 'no',
    httpStatus,
  });
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
  said: Message,
  address: string | null,
  words: Message,
  httpStatus?: number,
): ServiceError {
  return new ServiceError(
    kind,
    address === null
      ? message('error.service.linkNotInternet', { said, words })
      : message('error.service.linkLeadsNotInternet', { said, address, words }),
    { retryable: false, charged: 'no', httpStatus },
  );
}
