/** An x402 payment's identity: token contract, payer and EIP-3009 nonce. */
export interface NonceKey {
  /** What the token itself refuses to use twice. */
  asset: string;
  payer: string;
  nonce: string;
}
