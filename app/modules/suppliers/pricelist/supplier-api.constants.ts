/*
 * The OpenAPI 3.1 schema of the suppliers' REST API (ADR 098), served at
 * `/api/suppliers/v1/openapi.json` and linked from the cabinet's `/suppliers/api`. Written by hand
 * beside the zod schemas of supplier-api.schema.ts; its test checks that the two agree on the fields.
 */

const error = {
  description: 'Ошибка',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

const listId = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };

export const SUPPLIER_OPENAPI = {
  openapi: '3.1.0',
  info: {
    title: 'API поставщика: прайс-листы',
    version: '1.0.0',
    description: 'Передача прайс-листов поставщика: позиции JSON или файл (CSV, XLSX, XLS, ZIP). Авторизация: заголовок `Authorization: Bearer sup_…` с токеном, выданным менеджером. Прайс-лист обрабатывается в фоне: статус и отчёт — GET /price-lists/{id}.',
  },
  servers: [{ url: '/api/suppliers/v1' }],
  security: [{ bearer: [] }],
  paths: {
    '/price-lists': {
      post: {
        summary: 'Передать прайс-лист',
        description: 'JSON с позициями (до 50 000 за вызов), файл телом запроса (`?kind=full|delta&name=…`) или multipart/form-data (`file`, `kind`, `name`, `template`). 422 называет неверные поля позиций или несопоставленные колонки файла (не найденные или указанные дважды).',
        parameters: [
          { name: 'kind', in: 'query', required: false, schema: { type: 'string', enum: ['full', 'delta'], default: 'full' }, description: 'Для файла телом запроса' },
          { name: 'name', in: 'query', required: false, schema: { type: 'string', maxLength: 255 }, description: 'Имя файла для отчёта' },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/Push' } },
            'text/csv': { schema: { type: 'string', format: 'binary' } },
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
            'application/vnd.ms-excel': { schema: { type: 'string', format: 'binary' } },
            'application/zip': { schema: { type: 'string', format: 'binary' } },
            'multipart/form-data': {
              schema: {
                type: 'object', required: ['file'],
                properties: {
                  file: { type: 'string', format: 'binary' },
                  kind: { type: 'string', enum: ['full', 'delta'] },
                  name: { type: 'string', maxLength: 255 },
                  template: { type: 'string', description: 'JSON шаблона колонок: {"headerRow":1,"columns":{"code":"Артикул","price":"Цена","brand":"C"}} — колонка по заголовку, букве или номеру с 0' },
                },
              },
            },
          },
        },
        responses: {
          202: { description: 'Принят в обработку', content: { 'application/json': { schema: { $ref: '#/components/schemas/Accepted' } } } },
          401: error, 403: error, 413: error, 415: error, 422: error, 429: error,
        },
      },
    },
    '/price-lists/{id}': {
      get: {
        summary: 'Состояние прайс-листа, счётчики и отчёт',
        parameters: [listId],
        responses: { 200: { description: 'Прайс-лист', content: { 'application/json': { schema: { $ref: '#/components/schemas/PriceList' } } } }, 401: error, 403: error, 404: error, 429: error },
      },
    },
    '/price-lists/{id}/positions': {
      get: {
        summary: 'Позиции прайс-листа (по 50)',
        parameters: [
          listId,
          { name: 'show', in: 'query', required: false, schema: { type: 'string', enum: ['unmatched', 'problems', 'matched'] } },
          { name: 'q', in: 'query', required: false, schema: { type: 'string', maxLength: 100 } },
          { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
        ],
        responses: { 200: { description: 'Страница позиций', content: { 'application/json': { schema: { $ref: '#/components/schemas/Positions' } } } }, 401: error, 403: error, 404: error, 429: error },
      },
    },
  },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Токен API поставщика: sup_…' } },
    schemas: {
      Position: {
        type: 'object', required: ['code', 'price'],
        properties: {
          code: { type: 'string', minLength: 1, maxLength: 100, description: 'Код (артикул)' },
          brand: { type: 'string', maxLength: 100 },
          name: { type: 'string', maxLength: 300 },
          price: { type: 'number', exclusiveMinimum: 0, maximum: 1000000000, description: 'Цена в рублях (тенге, долларах…), до двух знаков после точки' },
          currency: { type: 'string', enum: ['RUB', 'KZT', 'USD', 'EUR', 'CNY'], description: 'Без неё — валюта организации' },
          stock: { type: ['integer', 'null'], minimum: 0 },
          multiplicity: { type: 'integer', minimum: 1, default: 1 },
          minOrder: { type: 'integer', minimum: 1, default: 1 },
          leadTimeDays: { type: ['integer', 'null'], minimum: 0, maximum: 365, description: 'Без него — срок организации' },
        },
      },
      Push: {
        type: 'object', required: ['positions'],
        properties: {
          kind: { type: 'string', enum: ['full', 'delta'], default: 'full', description: 'full — полный прайс-лист, delta — изменения' },
          name: { type: 'string', maxLength: 200 },
          positions: { type: 'array', minItems: 1, maxItems: 50000, items: { $ref: '#/components/schemas/Position' } },
        },
      },
      Accepted: {
        type: 'object',
        properties: { id: { type: 'integer' }, status: { type: 'string', const: 'received' }, link: { type: 'string' }, page: { type: 'string' } },
      },
      PriceList: {
        type: 'object',
        properties: {
          id: { type: 'integer' }, name: { type: 'string' }, source: { type: 'string', enum: ['upload', 'mail', 'api'] }, kind: { type: 'string', enum: ['full', 'delta'] },
          status: { type: 'string', enum: ['received', 'processing', 'held', 'published', 'failed'] }, statusLabel: { type: 'string' },
          counts: { type: 'object', properties: { rows: { type: 'integer' }, matched: { type: 'integer' }, bad: { type: 'integer' } } },
          report: {
            type: 'object',
            properties: {
              lines: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' }, label: { type: 'string' }, count: { type: 'integer' }, detail: { type: 'string' } } } },
              held: { type: 'array', items: { type: 'string' }, description: 'Почему прайс-лист ждёт подтверждения' },
              steps: { type: 'array', items: { type: 'object' } },
            },
          },
          createdAt: { type: 'string', format: 'date-time' }, processedAt: { type: ['string', 'null'] }, publishedAt: { type: ['string', 'null'] },
          link: { type: 'string' }, page: { type: 'string' },
        },
      },
      Positions: {
        type: 'object',
        properties: {
          page: { type: 'integer' }, hasNext: { type: 'boolean' },
          positions: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                rowNumber: { type: 'integer' }, code: { type: 'string' }, brand: { type: 'string' }, name: { type: 'string' },
                price: { type: ['integer', 'null'], description: 'В копейках (минимальных единицах валюты)' }, currency: { type: ['string', 'null'] },
                stock: { type: ['integer', 'null'] }, leadTimeDays: { type: ['integer', 'null'] }, problems: { type: 'array', items: { type: 'string' } },
                matchedBy: { type: ['string', 'null'] }, part: { type: ['object', 'null'] },
              },
            },
          },
        },
      },
      Error: {
        type: 'object', required: ['message'],
        properties: {
          error_status: { type: 'string', const: 'error' }, message: { type: 'string' },
          errors: { type: 'array', items: { type: 'object', properties: { position: { type: 'integer' }, field: { type: 'string' }, message: { type: 'string' } } } },
          missing: { type: 'array', items: { type: 'string' } }, doubled: { type: 'array', items: { type: 'object' } }, notFound: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
} as const;
