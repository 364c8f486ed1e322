import { createHash } from 'node:crypto';
import type { AppContext } from '../state.ts';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or an attribute value put into HTML: the five characters that could close or open markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** The CSP source naming an inline `<style>` by its content, so no other inline style is allowed. */
export function styleHashSource(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
}

/** The origin of an http(s) URL for a CSP source list; null when it is not one. */
export function httpOrigin(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * An HTML page of ours: its type, and what the browser may load for it (the page's Content-Security-Policy),
 * neither framed nor sniffed as something else.
 */
export function answerHtml(ctx: AppContext, html: string, csp: readonly string[]): void {
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Security-Policy', csp.join('; '));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.body = html;
}
