import type { QuestionnaireModel } from '../questionnaires.schema.ts';

/**
 * The demo's questionnaire № 1: a customer satisfaction survey about the service, with a question of
 * every kind and conditions (a low mark asks what went wrong; a repair asks how long it took).
 */
export const SERVICE_SURVEY = {
  id: 1,
  title: 'Оценка качества сервиса',
  intro: 'Расскажите, как прошло обслуживание вашей техники в нашем сервисном центре. Анкета займёт 2–3 минуты; ответы помогут нам работать лучше.',
  thanks: 'Спасибо за ответы! Руководитель сервиса прочитает их, а если вы оставили замечания — свяжется с вами.',
  model: {
    pages: [
      {
        title: 'Обращение',
        questions: [
          {
            id: 'service_kind', type: 'single', title: 'С чем вы обращались в сервис?', required: true,
            options: [
              { value: 'to', label: 'Плановое техническое обслуживание' },
              { value: 'repair', label: 'Ремонт' },
              { value: 'warranty', label: 'Гарантийный случай' },
              { value: 'parts', label: 'Подбор и установка запчастей' },
            ],
          },
          {
            id: 'repair_days', type: 'number', title: 'Сколько дней занял ремонт?', hint: 'От приёмки техники до выдачи', required: true,
            min: 0, max: 365, integer: true, unit: 'дн.', showIf: { question: 'service_kind', anyOf: ['repair', 'warranty'] },
          },
          {
            id: 'machines', type: 'multiple', title: 'Какая техника обслуживалась?', required: true,
            options: [
              { value: 'tractor', label: 'Трактор' },
              { value: 'combine', label: 'Комбайн' },
              { value: 'sprayer', label: 'Опрыскиватель' },
              { value: 'seeder', label: 'Посевной комплекс' },
              { value: 'other', label: 'Другое' },
            ],
          },
        ],
      },
      {
        title: 'Оценка',
        questions: [
          { id: 'overall', type: 'scale', title: 'Оцените работу сервиса в целом', required: true, minLabel: 'Очень плохо', maxLabel: 'Отлично' },
          {
            id: 'problems', type: 'multiple', title: 'Что пошло не так?', required: true, showIf: { question: 'overall', max: 6 },
            options: [
              { value: 'slow', label: 'Долго ждали' },
              { value: 'price', label: 'Дорого' },
              { value: 'quality', label: 'Ремонт не помог' },
              { value: 'contact', label: 'Трудно связаться' },
            ],
          },
          {
            id: 'aspects', type: 'matrix', title: 'Оцените по пунктам', required: true,
            rows: [
              { value: 'speed', label: 'Скорость' },
              { value: 'quality', label: 'Качество работ' },
              { value: 'politeness', label: 'Вежливость' },
              { value: 'price', label: 'Цена' },
            ],
            columns: [
              { value: 'bad', label: 'Плохо' },
              { value: 'ok', label: 'Нормально' },
              { value: 'good', label: 'Хорошо' },
            ],
          },
        ],
      },
      {
        title: 'Напоследок',
        questions: [
          { id: 'recommend', type: 'single', title: 'Порекомендуете ли вы наш сервис знакомым?', required: true, options: [{ value: 'yes', label: 'Да' }, { value: 'maybe', label: 'Возможно' }, { value: 'no', label: 'Нет' }] },
          { id: 'comment', type: 'text', title: 'Что нам стоит улучшить?', multiline: true, maxLength: 2000 },
        ],
      },
    ],
  } satisfies QuestionnaireModel,
};
