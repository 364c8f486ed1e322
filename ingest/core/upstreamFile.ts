import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import yauzl from 'yauzl';

/** SHA-256 (hex) of a file's bytes as downloaded (the `.zip` or `.gz` itself, not its content). */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * The content of an upstream file as a byte stream: a `.gz` is gunzipped, a `.zip` gives its first entry
 * (the registers ship one file per archive), anything else is read as is, unless its bytes are a ZIP archive
 * (CKAN portals serve some archives under a `.csv` name, the CRO's companies file for one).
 */
export async function openUpstreamFile(file: string): Promise<Readable> {
  if (file.endsWith('.gz')) return createReadStream(file).pipe(createGunzip());
  if (file.endsWith('.zip') || (await startsAsZip(file))) return openFirstZipEntry(file);
  return createReadStream(file);
}

/** Whether a file begins with a ZIP local-file header (`PK\x03\x04`). */
async function startsAsZip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && head.readUInt32LE(0) === 0x04034b50;
  } finally {
    await handle.close();
  }
}

function openFirstZipEntry(file: string): Promise<Readable> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error(`cannot open ${file}`));
      zip.once('error', reject);
      zip.once('end', () => reject(new Error(`${file}: the archive holds no file`)));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error(`${file}: unreadable entry`));
          const out = new PassThrough();
          stream.once('error', (x) => out.destroy(x));
          resolve(stream.pipe(out));
        });
      });
      zip.readEntry();
    });
  });
}
