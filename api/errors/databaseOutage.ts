/** Whether an error means the service's own database cannot be reached (→ 503 base_indisponible). */
export function isDatabaseOutage(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; name?: unknown; message?: unknown; errors?: unknown };
  if (e.name === 'KnexTimeoutError') return true;
  const code = typeof e.code === 'string' ? e.code : '';
  // Network errors of the driver, and PostgreSQL class 08 (connection exception) and 57P (operator intervention).
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code))
    return true;
  if (code.startsWith('08') || code.startsWith('57P')) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (
    /Connection terminated|connection timeout|Client has encountered a connection error|Timeout acquiring a connection|not queryable|terminating connection/i.test(
      message,
    )
  )
    return true;
  // AggregateError from net.connect with several addresses
  if (Array.isArray(e.errors)) return e.errors.some(isDatabaseOutage);
  return false;
}
