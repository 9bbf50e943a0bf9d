import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { QUESTIONNAIRE_MESSAGES } from '#app/modules/questionnaires/questionnaires.constants.ts';
import { createApp } from '../../server/app.ts';
import { fakeServerBuild } from '../../server/test-build.ts';
import { signedInClient, testClient } from '../../server/test-client.ts';
import * as layout from './admin.layout.tsx';
import * as editor from './kp.edit.$hash.tsx';
import * as clientPage from './offer.$hash.tsx';

/*
 * The questionnaire of an offer over HTTP (ADR 103): the editor's `intent=questionnaire` links a
 * published one by the offer's id (a malformed choice is a 400, another branch's offer a 404, a
 * customer 403), and the client's page invites a guest's browser until it has answered.
 */

let t: TestDatabase;
let app: ReturnType<typeof createApp>;
let offer: { id: number; hash: string; branch_id: number };

beforeAll(async () => {
  t = await createTestDatabase();
  app = createApp({
    services: t.services,
    build: fakeServerBuild({
      kp: { path: 'kp', module: layout },
      'routes/kp.edit.$hash': { parentId: 'kp', path: 'edit/:hash', module: editor },
      'routes/offer.$hash': { path: 'offer/:hash/:id?', module: clientPage },
    }),
  });
  offer = await t.db.selectFrom('offers_offer').select(['id', 'hash', 'branch_id']).orderBy('id').limit(1).executeTakeFirstOrThrow();
}, 120_000);
afterAll(async () => { await t?.destroy(); });

const link = () => t.db.selectFrom('questionnaires_link').select('questionnaire_id').where('subject_kind', '=', 'offer').where('subject_ref', '=', String(offer.id)).executeTakeFirst();

describe('/kp/edit/{hash}: the questionnaire for the client', () => {
  it('refuses bad choices and the wrong people, writing nothing; links a published one by the offer\'s id', async () => {
    const path = `/kp/edit/${offer.hash}`;
    const { client: staff } = await signedInClient(t.services, { email: 'kp-links-staff@agro.test', role: 'employee', app });
    for (const questionnaireId of ['x', '-1', '99999999999']) expect((await staff.form(path, { intent: 'questionnaire', questionnaireId })).status).toBe(400);
    const refused = await staff.form(`${path}.data`, { intent: 'questionnaire', questionnaireId: '999999' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(QUESTIONNAIRE_MESSAGES.linkUnpublished);
    const other = await signedInClient(t.services, { email: 'kp-links-other@agro.test', role: 'employee', app });
    const elsewhere = await t.db.selectFrom('region_branch').select('id').where('id', '!=', offer.branch_id).limit(1).executeTakeFirstOrThrow();
    await t.db.updateTable('auth_user').set({ staff_branch_id: elsewhere.id }).where('id', '=', other.id).execute();
    expect((await other.client.form(path, { intent: 'questionnaire', questionnaireId: '1' })).status).toBe(404);
    const { client: customer } = await signedInClient(t.services, { email: 'kp-links-customer@agro.test', app });
    expect((await customer.form(path, { intent: 'questionnaire', questionnaireId: '1' })).status).toBe(403);
    expect(await link()).toBeUndefined();

    expect((await staff.form(path, { intent: 'questionnaire', questionnaireId: '1' })).status).toBe(200);
    expect(await link()).toEqual({ questionnaire_id: 1 });
  });

  it('the client\'s page invites a guest\'s browser to it until that browser has answered', async () => {
    const guest = testClient(t.services, { app });
    const href = `/questionnaire/1?offer=${offer.hash}`;
    expect(await (await guest.get(`/offer/${offer.hash}.data`)).text()).toContain(href);
    const browser = 'B'.repeat(32);
    guest.cookies.set('respondent', browser);
    expect(await (await guest.get(`/offer/${offer.hash}.data`)).text()).toContain(href);
    await t.db.insertInto('questionnaires_response').values({ questionnaire_id: 1, respondent: `b:${browser}`, user_id: null, offer_hash: offer.hash, answers: '{}' }).execute();
    expect(await (await guest.get(`/offer/${offer.hash}.data`)).text()).not.toContain(href);
  });
});
