import fs from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`), or the one `CHROMIUM_PATH` names. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => !!p && fs.existsSync(p));
  if (!found) {
    throw new Error(
      'Chromium not found: install Debian’s package (sudo apt-get install -y chromium) or set CHROMIUM_PATH (docs/testing.md)',
    );
  }
  return found;
}

/**
 * Headless Chromium driven by playwright-core, never a browser download of its own. The flags keep it off the
 * network beyond the pages a test opens (this machine's network is closed: background connections fail loudly).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
