import { open } from 'node:fs/promises';
import path from 'node:path';

/**
 * registrucentras.lt answers a missing or renamed file with HTTP 200 and an HTML page. Such a "file" is a
 * failed download, never an empty register: the pass is refused before anything is read or published.
 */
export async function refuseHtmlPage(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    const head = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart()
      .toLowerCase();
    if (
      head.startsWith('<!doctype') ||
      head.startsWith('<html') ||
      head.startsWith('<?xml') ||
      head.startsWith('<')
    ) {
      throw new Error(
        `${path.basename(file)}: an HTML page, not the register's file (a failed download); pass refused`,
      );
    }
  } finally {
    await handle.close();
  }
}
