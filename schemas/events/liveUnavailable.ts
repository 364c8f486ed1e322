/** Why a live register could not answer: down, timed out, refused us, circuit open, or unreadable. */
export class LiveUnavailableError extends Error {
  constructor(
    readonly register: string,
    readonly reason: 'injoignable' | 'delai_depasse' | 'circuit_ouvert' | 'refus' | 'illisible' | 'sature',
    message: string,
  ) {
    super(message);
  }
}
