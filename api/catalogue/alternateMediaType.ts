import type { RouteAlternate } from './route.ts';

/** What content negotiation reads of a request (a Koa context). */
export interface AcceptingRequest {
  get(field: string): string;
  accepts(...types: string[]): string | false;
}

/**
 * Whether the request's `Accept` prefers the route's other media type to JSON: JSON is chosen on a tie, with
 * no `Accept`, and on `*\/*`.
 */
export function prefersAlternate(request: AcceptingRequest, alternate: RouteAlternate | undefined): boolean {
  if (!alternate || !request.get('Accept')) return false;
  return request.accepts('application/json', alternate.contentType) === alternate.contentType;
}
