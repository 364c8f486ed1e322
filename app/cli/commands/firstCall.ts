/**
 * A paid call to try a new key on: the profile of a real legal unit of the Sirene stock, one of the demo
 * companies too (ingest/fr-sirene/demo), within the monthly free quota of a key.
 */
export const FIRST_CALL_PATH = '/v1/entreprise/005420021';

/** The curl command line, ready to paste, that calls the server at `baseUrl` with `key`. */
export function firstCallCommand(baseUrl: string, key: string): string {
  return `curl -i -H 'X-Api-Key: ${key}' ${baseUrl}${FIRST_CALL_PATH}`;
}
