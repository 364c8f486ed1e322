/**
 * The API keys a request presents: `X-Api-Key`, then `Authorization: Bearer` when it differs. What they turn
 * out to be is the ledger's business; the values are never logged.
 */
export function presentedKeys(request: { get(field: string): string }): string[] {
  const keys: string[] = [];
  const header = request.get('x-api-key').trim();
  if (header) keys.push(header);
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.get('authorization'));
  if (bearer?.[1] && bearer[1] !== header) keys.push(bearer[1]);
  return keys;
}
