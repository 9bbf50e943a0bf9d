import { sql, type Transaction } from 'kysely';
import type { Database } from '#app/.server/db/schema.ts';
import { SERVICE_SURVEY } from './data/service-survey.ts';
import { questionnaireModel } from './questionnaires.schema.ts';

/**
 * The demo's questionnaire № 1 (issue 31: 'a questionnaire with id 1'), published, inserted once:
 * a questionnaire an editor changed or removed is not brought back over his change. The identity
 * then starts above it, so the editors' next questionnaire gets the next number.
 */
export async function seedQuestionnairesDemo(trx: Transaction<Database>): Promise<void> {
  const model = questionnaireModel.parse(SERVICE_SURVEY.model);
  await trx.insertInto('questionnaires_questionnaire').values({
    id: SERVICE_SURVEY.id, title: SERVICE_SURVEY.title, intro: SERVICE_SURVEY.intro, thanks: SERVICE_SURVEY.thanks,
    model: JSON.stringify(model), published: true,
  }).onConflict((oc) => oc.column('id').doNothing()).execute();
  await sql`select setval(pg_get_serial_sequence('questionnaires_questionnaire', 'id'), greatest((select max(id) from questionnaires_questionnaire), 1))`.execute(trx);
}
