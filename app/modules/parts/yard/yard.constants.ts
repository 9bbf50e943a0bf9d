/**
 * 'Моя техника', the machinery yard (issue 9 point 9, spec §1 and §6: it needs sign-in). Named
 * numbers and texts, for the server and the browser.
 */

/** Machines one account keeps: a farm's fleet, not a dealer's stock list (ADR 034). */
export const MACHINES_LIMIT = 50;
/** Serial numbers as makers print them: letters, digits, dashes (and spaces between groups). */
export const SERIAL_MAX_LENGTH = 32;
/** The oldest machine anyone still orders parts for; the newest is next year's model year. */
export const YEAR_MIN = 1950;
export const NAME_MAX_LENGTH = 80;
/** What the model box may carry before a model is chosen (the search's own limit). */
export const MODEL_QUERY_MAX_LENGTH = 100;
/** How many models the model box suggests, and the form without scripts offers to choose from. */
export const MODEL_CHOICES = 10;

export const MACHINES_PATH = '/profile/machines';
export const MACHINES_TITLE = 'Моя техника';

export const YARD_MESSAGES = {
  signIn: 'Войдите на сайт, чтобы открыть «Мою технику»',
  modelRequired: 'Выберите модель из подсказок',
  modelNotFound: 'Такой модели нет в каталоге. Начните вводить название и выберите модель из подсказок',
  modelAmbiguous: 'Уточните модель: выберите её из списка',
  badModelId: 'Укажите модель: modelId — целое положительное число',
  serialRequired: 'Укажите серийный номер',
  serialTooLong: `Серийный номер — не длиннее ${SERIAL_MAX_LENGTH} символов`,
  serialChars: 'Серийный номер может содержать только буквы, цифры, дефис и пробел',
  year: (maxYear: number) => `Год выпуска — число от ${YEAR_MIN} до ${maxYear}`,
  nameTooLong: `Название — не длиннее ${NAME_MAX_LENGTH} символов`,
  badBody: 'Некорректный запрос: ожидались поля modelId, serial, year, name',
  badId: 'Машина не найдена',
  badPartId: 'Укажите деталь: partId — целое положительное число',
  notFound: 'Машина не найдена: возможно, она уже удалена',
  duplicate: 'Эта машина с таким серийным номером уже есть в списке',
  limit: `В «Моей технике» уже ${MACHINES_LIMIT} машин — это наибольшее число. Удалите ненужную, чтобы добавить новую`,
  added: 'Машина добавлена',
  updated: 'Изменения сохранены',
  deleted: 'Машина удалена',
} as const;
