import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from '#app/lib/zod.ts';
import type { HonoEnv } from './hono-env.ts';
import { readBody } from './http.ts';

/** A schema as one is written in a hurry: no messages of its own. */
const input = z.object({ name: z.string().max(5, 'Имя — не длиннее 5 букв'), count: z.number(), kind: z.union([z.null(), z.enum(['a', 'b'])]) });

function app() {
  return new Hono<HonoEnv>().post('/x', async (c) => {
    const body = await readBody(c, input);
    return body.ok ? c.json({ ok: true }) : body.response;
  });
}
const post = (json: unknown) => app().request('/x', { method: 'POST', body: JSON.stringify(json), headers: { 'content-type': 'application/json' } });

describe('validate: every 400 speaks Russian', () => {
  it("names a field left out or of the wrong type where the schema says nothing; keeps the schema's own messages", async () => {
    const cases: [unknown, string][] = [
      [{ name: 'Иван', kind: null }, 'Не указано поле count'],
      [{ name: 'Иван', count: 1 }, 'Не указано поле kind'],
      [{ name: 'Иван', count: '1', kind: null }, 'Неверное значение поля count'],
      [{ name: 'Иван', count: 1, kind: 'c' }, 'Неверное значение поля kind'],
      [{ name: 'Иванушка', count: 1, kind: null }, 'Имя — не длиннее 5 букв'],
      [[], 'Некорректный запрос'],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json() as { message: string }).message, JSON.stringify(body)).toBe(message);
    }
    expect((await post({ name: 'Иван', count: 1, kind: 'a' })).status).toBe(200);
  });
});
