import { createHash } from 'node:crypto';

/** An Ed25519 public key as a JWK (RFC 8037), as served in the JWK set. */
export interface PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

export interface JwkSet {
  keys: PublicJwk[];
}

/** RFC 7638 thumbprint of an OKP key: SHA-256 over the required members in lexicographic order, base64url. */
export function jwkThumbprint(jwk: { crv: string; kty: string; x: string }): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x });
  return createHash('sha256').update(canonical, 'utf8').digest('base64url');
}

/** The public JWK for the raw 32-byte Ed25519 public key given base64url-encoded; its `kid` is its thumbprint. */
export function ed25519PublicJwk(x: string): PublicJwk {
  return {
    kty: 'OKP',
    crv: 'Ed25519',
    x,
    kid: jwkThumbprint({ crv: 'Ed25519', kty: 'OKP', x }),
    alg: 'EdDSA',
    use: 'sig',
  };
}

/** The document served at `/.well-known/jwks.json`. */
export function jwkSet(...keys: Array<{ publicJwk: PublicJwk }>): JwkSet {
  return { keys: keys.map((k) => ({ ...k.publicJwk })) };
}
