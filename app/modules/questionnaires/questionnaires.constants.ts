/** The public page of a questionnaire (spec §2 `/questionnaire/{questionnaireId}`). */
export const QUESTIONNAIRE_PATH = '/questionnaire';

/**
 * A guest's browser as a respondent: a long-lived random value of its own (not the session, which
 * ends and is rotated at sign-in). 400 days is the longest a browser keeps a cookie.
 */
export const RESPONDENT_COOKIE = 'respondent';
export const RESPONDENT_COOKIE_DAYS = 400;
export const RESPONDENT_COOKIE_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** The scale question's ends (issue 31: 'scale 1–10'). */
export const SCALE_MIN = 1;
export const SCALE_MAX = 10;

/** Bounds of a model and of an answer. */
export const QUESTIONNAIRE_LIMITS = {
  pages: 20,
  questionsPerPage: 50,
  options: 30,
  matrixRows: 30,
  matrixColumns: 12,
  title: 200,
  label: 300,
  hint: 500,
  intro: 3000,
  thanks: 3000,
  /** The model's JSON as the editor types it. */
  modelJson: 100_000,
  /** A text answer, unless the question says less. */
  text: 2000,
} as const;

/** Responses a page of the back-office's results shows as text answers of one question. */
export const TEXT_ANSWERS_SHOWN = 20;

/** Responses one address may send in an hour, over all questionnaires (a guest can drop his cookie). */
export const RESPONSES_PER_ADDRESS_PER_HOUR = 30;

export const QUESTION_TYPE_LABELS: Record<'single' | 'multiple' | 'text' | 'number' | 'scale' | 'matrix', string> = {
  single: 'один вариант', multiple: 'несколько вариантов', text: 'текст', number: 'число', scale: `шкала ${SCALE_MIN}–${SCALE_MAX}`, matrix: 'матрица',
};

export const QUESTIONNAIRE_MESSAGES = {
  versionUnfit: 'Эту версию нельзя восстановить: её поля не подходят к нынешней форме анкеты.',
  restored: (n: number) => `Восстановлена версия ${n}: её текст стал текстом анкеты.`,
  notFound: 'Анкета не найдена',
  alreadyAnswered: 'Вы уже ответили на эту анкету. Спасибо! Ответить ещё раз нельзя.',
  invalid: 'Проверьте ответы: анкета не отправлена.',
  tooMany: 'Слишком много ответов с вашего адреса. Попробуйте позже.',
  required: 'Ответьте на этот вопрос',
  choose: 'Выберите вариант из списка',
  chooseUpTo: (n: number) => `Выберите не больше ${n}`,
  number: 'Введите число',
  integer: 'Введите целое число',
  min: (n: number) => `Не меньше ${n}`,
  max: (n: number) => `Не больше ${n}`,
  scale: `Выберите оценку от ${SCALE_MIN} до ${SCALE_MAX}`,
  textTooLong: (n: number) => `Не длиннее ${n} символов`,
  badChars: 'Ответ содержит недопустимые символы',
  matrixRow: 'Выберите вариант в каждой строке',
  // The editor's.
  json: (detail: string) => `JSON не разобран: ${detail}`,
  title: 'Укажите название анкеты (до 200 символов)',
  text: (label: string, max: number) => `Поле «${label}»: до ${max} символов, без управляющих символов`,
  saved: 'Анкета сохранена.',
  published: 'Анкета опубликована: посетители могут отвечать.',
  unpublished: 'Анкета снята с публикации: по её адресу теперь «не найдено».',
  typeChanged: (id: string) => `У вопроса «${id}» уже есть ответы: его тип менять нельзя (добавьте новый вопрос с другим кодом)`,
  // A questionnaire linked from an order or an offer (ADR 103).
  linkUnpublished: 'Эта анкета не опубликована: выберите опубликованную',
  linkSaved: (title: string) => `Анкета «${title}» привязана: клиент увидит ссылку «Пройти опрос»`,
  linkRemoved: 'Анкета отвязана',
} as const;

/** The customer's invitation to a linked questionnaire (ADR 103). */
export const INVITATION_LINK_TEXT = 'Пройти опрос';

/** The invitation's line in a letter about the order or the offer (ADR 107): the title and the absolute address. */
export const letterInvitationText = (title: string, url: string) => `${INVITATION_LINK_TEXT} «${title}»: ${url}`;
