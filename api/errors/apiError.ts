import type { ErrorCode } from './errorCodes.ts';

/**
 * A refusal or outage the client is told about. The body is always `{error, champ?, message}` plus any
 * extra members the contract gives the code (e.g. `indice`, `nom`, `champs_absents`).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly champ: string | undefined;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;
  /**
   * A state the service is known to be in (still starting), not a fault: the request's own log line, which
   * carries the code, is all that is logged of it.
   */
  readonly expected: boolean;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    opts: {
      champ?: string;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
      expected?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.champ = opts.champ;
    this.extra = opts.extra ?? {};
    this.headers = opts.headers ?? {};
    this.expected = opts.expected ?? false;
  }

  toBody(): Record<string, unknown> {
    return {
      error: this.code,
      ...(this.champ !== undefined ? { champ: this.champ } : {}),
      message: this.message,
      ...this.extra,
    };
  }
}

export const badRequest = (
  code: ErrorCode,
  champ: string,
  message: string,
  extra?: Record<string, unknown>,
) => new ApiError(400, code, message, { champ, extra });

export const notFound = (code: ErrorCode, message: string, extra?: Record<string, unknown>) =>
  new ApiError(404, code, message, { extra });

export const unavailable = (code: ErrorCode, message: string, extra?: Record<string, unknown>) =>
  new ApiError(503, code, message, { extra, headers: { 'Retry-After': '60' } });
