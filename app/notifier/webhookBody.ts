/** A change row of the watches' read model, as the notifier reads it. */
export interface ChangeRow {
  livraison: string;
  surveillance: string;
  pays: string;
  id: string;
  position: string;
  registre: string;
  genre: string;
  constate_le: Date | string;
  detail: Record<string, unknown>;
}

/**
 * The JSON body of a webhook: the same bytes on every attempt of a delivery (the receiver de-duplicates on
 * `livraison`, and its HMAC is over these bytes).
 */
export function webhookBody(change: ChangeRow): Buffer {
  return Buffer.from(
    JSON.stringify({
      livraison: change.livraison,
      surveillance: change.surveillance,
      entite: { pays: change.pays, id: change.id },
      changement: {
        registre: change.registre,
        genre: change.genre,
        constate_le: new Date(change.constate_le).toISOString(),
        position: String(change.position),
        detail: change.detail,
      },
    }),
    'utf8',
  );
}
