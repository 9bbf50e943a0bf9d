import { describe, expect, it } from 'vitest';
import { documentStream } from './document-stream.ts';

const pause = () => new Promise((resolve) => setImmediate(resolve));

async function readAll(body: ReadableStream<Uint8Array>): Promise<string[]> {
  const out: string[] = [];
  for await (const b of body) out.push(Buffer.from(b).toString('utf8'));
  return out;
}

describe('the stream a document is written to', () => {
  it('sends what is written within one turn as one burst, strings and bytes alike', async () => {
    const { destination, body } = documentStream(null);
    const read = readAll(body);
    destination.write(new TextEncoder().encode('<p>Трак'));
    destination.write('тор «Кировец»</p>');
    await pause();
    destination.write('<p>К-7М</p>');
    destination.end();
    expect(await read).toEqual(['<p>Трактор «Кировец»</p>', '<p>К-7М</p>']);
  });

  it('tells React when the client goes, and takes nothing more', async () => {
    const { destination, body } = documentStream(null);
    const closed: unknown[] = [];
    destination.on('close', (reason) => closed.push(reason));
    destination.write('<p>1</p>');
    await body.cancel('gone');
    expect(closed).toEqual(['gone']);
    expect(destination.write('<p>2</p>')).toBe(true);
    expect(() => destination.end()).not.toThrow();
  });

  it('fails the response when React gives up on the document', async () => {
    const { destination, body } = documentStream(null);
    const errors: unknown[] = [];
    destination.on('error', (e) => errors.push(e));
    destination.write('<p>1</p>');
    destination.destroy(new Error('render failed'));
    await expect(readAll(body)).rejects.toThrow('render failed');
    expect(errors).toHaveLength(1);
  });
});
