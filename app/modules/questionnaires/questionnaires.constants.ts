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
