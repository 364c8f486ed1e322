import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';

/** A file written in streaming, a chunk of text at a time, waiting when the disk is behind. */
export class TextFileWriter {
  private readonly stream: WriteStream;
  private pending: string[] = [];
  private pendingLength = 0;
  bytes = 0;

  constructor(readonly file: string) {
    this.stream = createWriteStream(file);
  }

  async write(text: string): Promise<void> {
    this.pending.push(text);
    this.pendingLength += text.length;
    if (this.pendingLength >= 1 << 20) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const chunk = Buffer.from(this.pending.join(''), 'utf8');
    this.pending = [];
    this.pendingLength = 0;
    this.bytes += chunk.length;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  async close(): Promise<void> {
    await this.flush();
    this.stream.end();
    await once(this.stream, 'finish');
  }
}
