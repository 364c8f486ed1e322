/**
 * A browser without a browser, for the account pages: keeps the cookies the server sets (as a browser would
 * for this origin) and posts forms with the CSRF token of the last page read.
 */
export class FormSession {
  readonly cookies = new Map<string, string>();
  /** The `Set-Cookie` lines of the last answer, as sent. */
  lastSetCookies: string[] = [];
  private token: string | null = null;

  constructor(readonly baseUrl: string) {}

  private keep(res: Response): void {
    this.lastSetCookies = res.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }

  private async read(res: Response): Promise<{ res: Response; html: string }> {
    this.keep(res);
    const html = await res.text();
    const m = /name="_csrf" value="([^"]+)"/.exec(html);
    if (m) this.token = m[1]!;
    return { res, html };
  }

  async get(path: string): Promise<{ res: Response; html: string }> {
    const res = await fetch(`${this.baseUrl}${path}`, { headers: this.cookieHeader(), redirect: 'manual' });
    return this.read(res);
  }

  /** Posts a form the way a browser does from one of the site's pages (its Origin, the page's token). */
  async post(
    path: string,
    fields: Record<string, string> = {},
    opts: { origin?: string; token?: string | null } = {},
  ): Promise<{ res: Response; html: string }> {
    const token = opts.token === undefined ? this.token : opts.token;
    const body = new URLSearchParams({ ...(token === null ? {} : { _csrf: token }), ...fields });
    const res = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        ...this.cookieHeader(),
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: opts.origin ?? this.baseUrl,
      },
      body,
      redirect: 'manual',
    });
    return this.read(res);
  }

  /** Follows a 303 the way a browser does. */
  async follow(res: Response): Promise<{ res: Response; html: string }> {
    const location = res.headers.get('location');
    if (res.status !== 303 || !location) throw new Error(`not a 303: ${res.status}`);
    return this.get(
      location.startsWith('http') ? new URL(location).pathname + new URL(location).search : location,
    );
  }
}
