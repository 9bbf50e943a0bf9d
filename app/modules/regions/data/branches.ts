import type { BranchSeed } from './types';

const HOURS = 'Пн–Пт 08:00–17:00';

/**
 * Demo content: the dealer's branch network, loaded only in demo mode (regions.seed.server.ts).
 * ids 1..23 — Россия, 24..30 — Казахстан; id 1 (Смоленск) is the head office. regionId is a region
 * of migration 0005. No phone numbers: a branch without its own line shows its country's sales and
 * service lines, so the demo never dials an invented number.
 */
export const BRANCHES: BranchSeed[] = [
  {
    id: 1, code: "SML", name: "Смоленск", city: "Смоленск", regionId: 4067, // Россия
    address: "ул. Шевченко, 92", lat: 54.7669, lng: 31.9884,
    email: "smolensk@agrotechnika.example", hours: HOURS,
  },
  {
    id: 2, code: "KRD", name: "Краснодар (Динская)", city: "Динская", regionId: 4023, // Россия
    address: "ул. Красная, 84", lat: 45.2168, lng: 39.2294,
    email: "krasnodar@agrotechnika.example", hours: HOURS,
  },
  {
    id: 3, code: "RND", name: "Ростов-на-Дону (Аксай)", city: "Аксай", regionId: 4060, // Россия
    address: "пр. Ленина, 45", lat: 47.2689, lng: 39.8712,
    email: "rostov@agrotechnika.example", hours: HOURS,
  },
  {
    id: 4, code: "STV", name: "Ставрополь", city: "Ставрополь", regionId: 4068, // Россия
    address: "ул. Коломийцева, 46", lat: 45.0682, lng: 41.9364,
    email: "stavropol@agrotechnika.example", hours: HOURS,
  },
  {
    id: 5, code: "VRN", name: "Воронеж", city: "Воронеж", regionId: 4010, // Россия
    address: "ул. Остужева, 66", lat: 51.6412, lng: 39.2713,
    email: "voronezh@agrotechnika.example", hours: HOURS,
  },
  {
    id: 6, code: "BLG", name: "Белгород", city: "Белгород", regionId: 4005, // Россия
    address: "ул. Магистральная, 2Б", lat: 50.5714, lng: 36.6420,
    email: "belgorod@agrotechnika.example", hours: HOURS,
  },
  {
    id: 7, code: "KRS", name: "Курск", city: "Курск", regionId: 4026, // Россия
    address: "ул. 50 лет Октября, 169", lat: 51.7079, lng: 36.1267,
    email: "kursk@agrotechnika.example", hours: HOURS,
  },
  {
    id: 8, code: "LPC", name: "Липецк", city: "Липецк", regionId: 4028, // Россия
    address: "ул. Московская, 83", lat: 52.5856, lng: 39.5537,
    email: "lipetsk@agrotechnika.example", hours: HOURS,
  },
  {
    id: 9, code: "TMB", name: "Тамбов", city: "Тамбов", regionId: 4069, // Россия
    address: "ул. Бастионная, 22", lat: 52.7534, lng: 41.4132,
    email: "tambov@agrotechnika.example", hours: HOURS,
  },
  {
    id: 10, code: "ORL", name: "Орёл", city: "Орёл", regionId: 4039, // Россия
    address: "Кромское ш., 8", lat: 52.9211, lng: 36.0418,
    email: "orel@agrotechnika.example", hours: HOURS,
  },
  {
    id: 11, code: "BRN", name: "Брянск", city: "Брянск", regionId: 4006, // Россия
    address: "ул. Литейная, 68", lat: 53.2880, lng: 34.3455,
    email: "bryansk@agrotechnika.example", hours: HOURS,
  },
  {
    id: 12, code: "PNZ", name: "Пенза", city: "Пенза", regionId: 4040, // Россия
    address: "ул. Аустрина, 168", lat: 53.2207, lng: 44.9613,
    email: "penza@agrotechnika.example", hours: HOURS,
  },
  {
    id: 13, code: "VLG", name: "Волгоград", city: "Волгоград", regionId: 4008, // Россия
    address: "ул. Авиаторская, 15", lat: 48.7614, lng: 44.4581,
    email: "volgograd@agrotechnika.example", hours: HOURS,
  },
  {
    id: 14, code: "SRT", name: "Саратов", city: "Саратов", regionId: 4064, // Россия
    address: "ул. Усть-Курдюмская, 3", lat: 51.5762, lng: 45.9839,
    email: "saratov@agrotechnika.example", hours: HOURS,
  },
  {
    id: 15, code: "SMR", name: "Самара", city: "Самара", regionId: 4062, // Россия
    address: "Заводское ш., 11", lat: 53.2204, lng: 50.2560,
    email: "samara@agrotechnika.example", hours: HOURS,
  },
  {
    id: 16, code: "KZN", name: "Казань", city: "Казань", regionId: 4057, // Россия
    address: "ул. Техническая, 25", lat: 55.7587, lng: 49.2061,
    email: "kazan@agrotechnika.example", hours: HOURS,
  },
  {
    id: 17, code: "ORB", name: "Оренбург", city: "Оренбург", regionId: 4038, // Россия
    address: "ул. Монтажников, 24", lat: 51.7827, lng: 55.1772,
    email: "orenburg@agrotechnika.example", hours: HOURS,
  },
  {
    id: 18, code: "UFA", name: "Уфа", city: "Уфа", regionId: 4046, // Россия
    address: "ул. Трамвайная, 4", lat: 54.7643, lng: 56.0289,
    email: "ufa@agrotechnika.example", hours: HOURS,
  },
  {
    id: 19, code: "CHL", name: "Челябинск", city: "Челябинск", regionId: 4078, // Россия
    address: "Копейское ш., 39", lat: 55.1396, lng: 61.4723,
    email: "chelyabinsk@agrotechnika.example", hours: HOURS,
  },
  {
    id: 20, code: "KRG", name: "Курган", city: "Курган", regionId: 4025, // Россия
    address: "ул. Омская, 171", lat: 55.4588, lng: 65.2968,
    email: "kurgan@agrotechnika.example", hours: HOURS,
  },
  {
    id: 21, code: "OMS", name: "Омск", city: "Омск", regionId: 4037, // Россия
    address: "ул. 10 лет Октября, 203", lat: 54.9771, lng: 73.4436,
    email: "omsk@agrotechnika.example", hours: HOURS,
  },
  {
    id: 22, code: "NSK", name: "Новосибирск", city: "Новосибирск", regionId: 4036, // Россия
    address: "ул. Станционная, 30а", lat: 55.0105, lng: 82.8476,
    email: "novosibirsk@agrotechnika.example", hours: HOURS,
  },
  {
    id: 23, code: "BRL", name: "Барнаул", city: "Барнаул", regionId: 4001, // Россия
    address: "пр. Космонавтов, 14", lat: 53.3669, lng: 83.7071,
    email: "barnaul@agrotechnika.example", hours: HOURS,
  },
  {
    id: 24, code: "AST", name: "Астана", city: "Астана", regionId: 5006, // Казахстан
    address: "ул. Жансугурова, 8", lat: 51.1302, lng: 71.5102,
    email: "astana@agrotechnika.example", hours: HOURS,
  },
  {
    id: 25, code: "KOK", name: "Кокшетау", city: "Кокшетау", regionId: 5002, // Казахстан
    address: "ул. Ауельбекова, 139", lat: 53.2869, lng: 69.4095,
    email: "kokshetau@agrotechnika.example", hours: HOURS,
  },
  {
    id: 26, code: "KST", name: "Костанай", city: "Костанай", regionId: 5013, // Казахстан
    address: "пр. Абая, 32", lat: 53.2198, lng: 63.6102,
    email: "kostanay@agrotechnika.example", hours: HOURS,
  },
  {
    id: 27, code: "PTR", name: "Петропавловск", city: "Петропавловск", regionId: 5017, // Казахстан
    address: "ул. Жамбыла, 215", lat: 54.8753, lng: 69.1407,
    email: "petropavlovsk@agrotechnika.example", hours: HOURS,
  },
  {
    id: 28, code: "PVL", name: "Павлодар", city: "Павлодар", regionId: 5016, // Казахстан
    address: "ул. Ломова, 47", lat: 52.2770, lng: 76.9856,
    email: "pavlodar@agrotechnika.example", hours: HOURS,
  },
  {
    id: 29, code: "AKT", name: "Актобе", city: "Актобе", regionId: 5003, // Казахстан
    address: "пр. Санкибай батыра, 22", lat: 50.2932, lng: 57.1836,
    email: "aktobe@agrotechnika.example", hours: HOURS,
  },
  {
    id: 30, code: "ALA", name: "Алматы", city: "Алматы", regionId: 5005, // Казахстан
    address: "ул. Бекмаханова, 93", lat: 43.2936, lng: 76.9413,
    email: "almaty@agrotechnika.example", hours: HOURS,
  },
];
