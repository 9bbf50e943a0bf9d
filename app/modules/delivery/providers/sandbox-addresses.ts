/**
 * The sandbox's address book: cities of Russia and Kazakhstan (the dealer's branch cities and large
 * ones besides) with their regions and centres, and streets a known distance from each centre. The
 * sandbox suggestions answer from it; a typed house number is carried over to the suggestion.
 */

export interface SandboxCity {
  city: string;
  region: string;
  country: 'Россия' | 'Казахстан';
  lat: number;
  lng: number;
}

export const SANDBOX_CITIES: SandboxCity[] = [
  { city: 'Смоленск', region: 'Смоленская обл', country: 'Россия', lat: 54.7826, lng: 32.0453 },
  { city: 'Москва', region: 'г Москва', country: 'Россия', lat: 55.7558, lng: 37.6173 },
  { city: 'Санкт-Петербург', region: 'г Санкт-Петербург', country: 'Россия', lat: 59.9343, lng: 30.3351 },
  { city: 'Краснодар', region: 'Краснодарский край', country: 'Россия', lat: 45.0355, lng: 38.9753 },
  { city: 'Ростов-на-Дону', region: 'Ростовская обл', country: 'Россия', lat: 47.2357, lng: 39.7015 },
  { city: 'Ставрополь', region: 'Ставропольский край', country: 'Россия', lat: 45.0448, lng: 41.969 },
  { city: 'Воронеж', region: 'Воронежская обл', country: 'Россия', lat: 51.6608, lng: 39.2003 },
  { city: 'Белгород', region: 'Белгородская обл', country: 'Россия', lat: 50.5956, lng: 36.5873 },
  { city: 'Курск', region: 'Курская обл', country: 'Россия', lat: 51.7304, lng: 36.1926 },
  { city: 'Липецк', region: 'Липецкая обл', country: 'Россия', lat: 52.6088, lng: 39.5992 },
  { city: 'Тамбов', region: 'Тамбовская обл', country: 'Россия', lat: 52.7212, lng: 41.4523 },
  { city: 'Орёл', region: 'Орловская обл', country: 'Россия', lat: 52.9703, lng: 36.0635 },
  { city: 'Брянск', region: 'Брянская обл', country: 'Россия', lat: 53.2434, lng: 34.3641 },
  { city: 'Тула', region: 'Тульская обл', country: 'Россия', lat: 54.1931, lng: 37.6173 },
  { city: 'Пенза', region: 'Пензенская обл', country: 'Россия', lat: 53.1959, lng: 45.0183 },
  { city: 'Волгоград', region: 'Волгоградская обл', country: 'Россия', lat: 48.708, lng: 44.5133 },
  { city: 'Саратов', region: 'Саратовская обл', country: 'Россия', lat: 51.5336, lng: 46.0343 },
  { city: 'Самара', region: 'Самарская обл', country: 'Россия', lat: 53.1959, lng: 50.1002 },
  { city: 'Казань', region: 'Респ Татарстан', country: 'Россия', lat: 55.7963, lng: 49.1088 },
  { city: 'Нижний Новгород', region: 'Нижегородская обл', country: 'Россия', lat: 56.3269, lng: 44.0059 },
  { city: 'Оренбург', region: 'Оренбургская обл', country: 'Россия', lat: 51.7682, lng: 55.097 },
  { city: 'Уфа', region: 'Респ Башкортостан', country: 'Россия', lat: 54.7388, lng: 55.9721 },
  { city: 'Екатеринбург', region: 'Свердловская обл', country: 'Россия', lat: 56.8389, lng: 60.6057 },
  { city: 'Челябинск', region: 'Челябинская обл', country: 'Россия', lat: 55.1644, lng: 61.4368 },
  { city: 'Курган', region: 'Курганская обл', country: 'Россия', lat: 55.441, lng: 65.3411 },
  { city: 'Тюмень', region: 'Тюменская обл', country: 'Россия', lat: 57.1522, lng: 65.5272 },
  { city: 'Омск', region: 'Омская обл', country: 'Россия', lat: 54.9885, lng: 73.3242 },
  { city: 'Новосибирск', region: 'Новосибирская обл', country: 'Россия', lat: 55.0084, lng: 82.9357 },
  { city: 'Барнаул', region: 'Алтайский край', country: 'Россия', lat: 53.3548, lng: 83.7698 },
  { city: 'Вязьма', region: 'Смоленская обл', country: 'Россия', lat: 55.2104, lng: 34.2953 },
  { city: 'Рославль', region: 'Смоленская обл', country: 'Россия', lat: 53.9509, lng: 32.8604 },
  { city: 'Астана', region: 'г Астана', country: 'Казахстан', lat: 51.1605, lng: 71.4704 },
  { city: 'Алматы', region: 'г Алматы', country: 'Казахстан', lat: 43.2389, lng: 76.8897 },
  { city: 'Кокшетау', region: 'Акмолинская обл', country: 'Казахстан', lat: 53.2833, lng: 69.3833 },
  { city: 'Костанай', region: 'Костанайская обл', country: 'Казахстан', lat: 53.2144, lng: 63.6246 },
  { city: 'Петропавловск', region: 'Северо-Казахстанская обл', country: 'Казахстан', lat: 54.8753, lng: 69.1628 },
  { city: 'Павлодар', region: 'Павлодарская обл', country: 'Казахстан', lat: 52.2873, lng: 76.9674 },
  { city: 'Актобе', region: 'Актюбинская обл', country: 'Казахстан', lat: 50.2839, lng: 57.167 },
  { city: 'Караганда', region: 'Карагандинская обл', country: 'Казахстан', lat: 49.8047, lng: 73.1094 },
  { city: 'Шымкент', region: 'г Шымкент', country: 'Казахстан', lat: 42.3417, lng: 69.5901 },
  { city: 'Уральск', region: 'Западно-Казахстанская обл', country: 'Казахстан', lat: 51.2333, lng: 51.3667 },
];

/** Streets every sandbox city has, with their offset from the centre in degrees. */
export const SANDBOX_STREETS: Array<{ street: string; dLat: number; dLng: number }> = [
  { street: 'ул Ленина', dLat: 0.004, dLng: 0.006 },
  { street: 'ул Советская', dLat: -0.006, dLng: 0.01 },
  { street: 'ул Мира', dLat: 0.012, dLng: -0.008 },
  { street: 'ул Гагарина', dLat: -0.015, dLng: -0.02 },
  { street: 'ул Садовая', dLat: 0.021, dLng: 0.018 },
  { street: 'ул Промышленная', dLat: -0.03, dLng: 0.041 },
  { street: 'пр-кт Победы', dLat: 0.027, dLng: -0.033 },
  { street: 'ул Школьная', dLat: -0.009, dLng: 0.028 },
];
