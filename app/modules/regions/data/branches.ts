import type { BranchSeed } from './types';

const HOURS = 'Пн–Пт 08:00–17:00';

/**
 * Dealer branch network: ids 1..23 — Россия, 24..30 — Казахстан. id 1 (Смоленск) is the head office.
 * regionId references REGIONS (regions.ts).
 */
export const BRANCHES: BranchSeed[] = [
  {
    id: 1, code: "SML", name: "Смоленск", city: "Смоленск", regionId: 4067, // Россия
    address: "ул. Шевченко, 92", lat: 54.7669, lng: 31.9884,
    phone: "+7 (4812) 70-11-20", phoneInternal: "8 (4812) 70-11-20",
    servicePhone: "+7 (4812) 70-11-25", servicePhoneInternal: "8 (4812) 70-11-25",
    email: "smolensk@agrotechnika.example", hours: HOURS,
  },
  {
    id: 2, code: "KRD", name: "Краснодар (Динская)", city: "Динская", regionId: 4023, // Россия
    address: "ул. Красная, 84", lat: 45.2168, lng: 39.2294,
    phone: "+7 (86162) 6-14-30", phoneInternal: "8 (86162) 6-14-30",
    servicePhone: "+7 (86162) 6-14-35", servicePhoneInternal: "8 (86162) 6-14-35",
    email: "krasnodar@agrotechnika.example", hours: HOURS,
  },
  {
    id: 3, code: "RND", name: "Ростов-на-Дону (Аксай)", city: "Аксай", regionId: 4060, // Россия
    address: "пр. Ленина, 45", lat: 47.2689, lng: 39.8712,
    phone: "+7 (86350) 5-22-40", phoneInternal: "8 (86350) 5-22-40",
    servicePhone: "+7 (86350) 5-22-47", servicePhoneInternal: "8 (86350) 5-22-47",
    email: "rostov@agrotechnika.example", hours: HOURS,
  },
  {
    id: 4, code: "STV", name: "Ставрополь", city: "Ставрополь", regionId: 4068, // Россия
    address: "ул. Коломийцева, 46", lat: 45.0682, lng: 41.9364,
    phone: "+7 (8652) 22-18-60", phoneInternal: "8 (8652) 22-18-60",
    servicePhone: "+7 (8652) 22-18-64", servicePhoneInternal: "8 (8652) 22-18-64",
    email: "stavropol@agrotechnika.example", hours: HOURS,
  },
  {
    id: 5, code: "VRN", name: "Воронеж", city: "Воронеж", regionId: 4010, // Россия
    address: "ул. Остужева, 66", lat: 51.6412, lng: 39.2713,
    phone: "+7 (473) 250-33-10", phoneInternal: "8 (473) 250-33-10",
    servicePhone: "+7 (473) 250-33-19", servicePhoneInternal: "8 (473) 250-33-19",
    email: "voronezh@agrotechnika.example", hours: HOURS,
  },
  {
    id: 6, code: "BLG", name: "Белгород", city: "Белгород", regionId: 4005, // Россия
    address: "ул. Магистральная, 2Б", lat: 50.5714, lng: 36.6420,
    phone: "+7 (4722) 40-15-70", phoneInternal: "8 (4722) 40-15-70",
    servicePhone: "+7 (4722) 40-15-75", servicePhoneInternal: "8 (4722) 40-15-75",
    email: "belgorod@agrotechnika.example", hours: HOURS,
  },
  {
    id: 7, code: "KRS", name: "Курск", city: "Курск", regionId: 4026, // Россия
    address: "ул. 50 лет Октября, 169", lat: 51.7079, lng: 36.1267,
    phone: "+7 (4712) 39-04-50", phoneInternal: "8 (4712) 39-04-50",
    servicePhone: "+7 (4712) 39-04-55", servicePhoneInternal: "8 (4712) 39-04-55",
    email: "kursk@agrotechnika.example", hours: HOURS,
  },
  {
    id: 8, code: "LPC", name: "Липецк", city: "Липецк", regionId: 4028, // Россия
    address: "ул. Московская, 83", lat: 52.5856, lng: 39.5537,
    phone: "+7 (4742) 51-26-80", phoneInternal: "8 (4742) 51-26-80",
    servicePhone: "+7 (4742) 51-26-86", servicePhoneInternal: "8 (4742) 51-26-86",
    email: "lipetsk@agrotechnika.example", hours: HOURS,
  },
  {
    id: 9, code: "TMB", name: "Тамбов", city: "Тамбов", regionId: 4069, // Россия
    address: "ул. Бастионная, 22", lat: 52.7534, lng: 41.4132,
    phone: "+7 (4752) 49-37-20", phoneInternal: "8 (4752) 49-37-20",
    servicePhone: "+7 (4752) 49-37-28", servicePhoneInternal: "8 (4752) 49-37-28",
    email: "tambov@agrotechnika.example", hours: HOURS,
  },
  {
    id: 10, code: "ORL", name: "Орёл", city: "Орёл", regionId: 4039, // Россия
    address: "Кромское ш., 8", lat: 52.9211, lng: 36.0418,
    phone: "+7 (4862) 44-52-10", phoneInternal: "8 (4862) 44-52-10",
    servicePhone: "+7 (4862) 44-52-15", servicePhoneInternal: "8 (4862) 44-52-15",
    email: "orel@agrotechnika.example", hours: HOURS,
  },
  {
    id: 11, code: "BRN", name: "Брянск", city: "Брянск", regionId: 4006, // Россия
    address: "ул. Литейная, 68", lat: 53.2880, lng: 34.3455,
    phone: "+7 (4832) 30-61-40", phoneInternal: "8 (4832) 30-61-40",
    servicePhone: "+7 (4832) 30-61-45", servicePhoneInternal: "8 (4832) 30-61-45",
    email: "bryansk@agrotechnika.example", hours: HOURS,
  },
  {
    id: 12, code: "PNZ", name: "Пенза", city: "Пенза", regionId: 4040, // Россия
    address: "ул. Аустрина, 168", lat: 53.2207, lng: 44.9613,
    phone: "+7 (8412) 20-47-90", phoneInternal: "8 (8412) 20-47-90",
    servicePhone: "+7 (8412) 20-47-95", servicePhoneInternal: "8 (8412) 20-47-95",
    email: "penza@agrotechnika.example", hours: HOURS,
  },
  {
    id: 13, code: "VLG", name: "Волгоград", city: "Волгоград", regionId: 4008, // Россия
    address: "ул. Авиаторская, 15", lat: 48.7614, lng: 44.4581,
    phone: "+7 (8442) 59-70-30", phoneInternal: "8 (8442) 59-70-30",
    servicePhone: "+7 (8442) 59-70-38", servicePhoneInternal: "8 (8442) 59-70-38",
    email: "volgograd@agrotechnika.example", hours: HOURS,
  },
  {
    id: 14, code: "SRT", name: "Саратов", city: "Саратов", regionId: 4064, // Россия
    address: "ул. Усть-Курдюмская, 3", lat: 51.5762, lng: 45.9839,
    phone: "+7 (8452) 65-12-50", phoneInternal: "8 (8452) 65-12-50",
    servicePhone: "+7 (8452) 65-12-57", servicePhoneInternal: "8 (8452) 65-12-57",
    email: "saratov@agrotechnika.example", hours: HOURS,
  },
  {
    id: 15, code: "SMR", name: "Самара", city: "Самара", regionId: 4062, // Россия
    address: "Заводское ш., 11", lat: 53.2204, lng: 50.2560,
    phone: "+7 (846) 277-40-60", phoneInternal: "8 (846) 277-40-60",
    servicePhone: "+7 (846) 277-40-69", servicePhoneInternal: "8 (846) 277-40-69",
    email: "samara@agrotechnika.example", hours: HOURS,
  },
  {
    id: 16, code: "KZN", name: "Казань", city: "Казань", regionId: 4057, // Россия
    address: "ул. Техническая, 25", lat: 55.7587, lng: 49.2061,
    phone: "+7 (843) 211-58-20", phoneInternal: "8 (843) 211-58-20",
    servicePhone: "+7 (843) 211-58-27", servicePhoneInternal: "8 (843) 211-58-27",
    email: "kazan@agrotechnika.example", hours: HOURS,
  },
  {
    id: 17, code: "ORB", name: "Оренбург", city: "Оренбург", regionId: 4038, // Россия
    address: "ул. Монтажников, 24", lat: 51.7827, lng: 55.1772,
    phone: "+7 (3532) 43-08-70", phoneInternal: "8 (3532) 43-08-70",
    servicePhone: "+7 (3532) 43-08-77", servicePhoneInternal: "8 (3532) 43-08-77",
    email: "orenburg@agrotechnika.example", hours: HOURS,
  },
  {
    id: 18, code: "UFA", name: "Уфа", city: "Уфа", regionId: 4046, // Россия
    address: "ул. Трамвайная, 4", lat: 54.7643, lng: 56.0289,
    phone: "+7 (347) 246-19-30", phoneInternal: "8 (347) 246-19-30",
    servicePhone: "+7 (347) 246-19-38", servicePhoneInternal: "8 (347) 246-19-38",
    email: "ufa@agrotechnika.example", hours: HOURS,
  },
  {
    id: 19, code: "CHL", name: "Челябинск", city: "Челябинск", regionId: 4078, // Россия
    address: "Копейское ш., 39", lat: 55.1396, lng: 61.4723,
    phone: "+7 (351) 220-46-10", phoneInternal: "8 (351) 220-46-10",
    servicePhone: "+7 (351) 220-46-18", servicePhoneInternal: "8 (351) 220-46-18",
    email: "chelyabinsk@agrotechnika.example", hours: HOURS,
  },
  {
    id: 20, code: "KRG", name: "Курган", city: "Курган", regionId: 4025, // Россия
    address: "ул. Омская, 171", lat: 55.4588, lng: 65.2968,
    phone: "+7 (3522) 63-27-40", phoneInternal: "8 (3522) 63-27-40",
    servicePhone: "+7 (3522) 63-27-45", servicePhoneInternal: "8 (3522) 63-27-45",
    email: "kurgan@agrotechnika.example", hours: HOURS,
  },
  {
    id: 21, code: "OMS", name: "Омск", city: "Омск", regionId: 4037, // Россия
    address: "ул. 10 лет Октября, 203", lat: 54.9771, lng: 73.4436,
    phone: "+7 (3812) 51-83-20", phoneInternal: "8 (3812) 51-83-20",
    servicePhone: "+7 (3812) 51-83-26", servicePhoneInternal: "8 (3812) 51-83-26",
    email: "omsk@agrotechnika.example", hours: HOURS,
  },
  {
    id: 22, code: "NSK", name: "Новосибирск", city: "Новосибирск", regionId: 4036, // Россия
    address: "ул. Станционная, 30а", lat: 55.0105, lng: 82.8476,
    phone: "+7 (383) 363-15-80", phoneInternal: "8 (383) 363-15-80",
    servicePhone: "+7 (383) 363-15-89", servicePhoneInternal: "8 (383) 363-15-89",
    email: "novosibirsk@agrotechnika.example", hours: HOURS,
  },
  {
    id: 23, code: "BRL", name: "Барнаул", city: "Барнаул", regionId: 4001, // Россия
    address: "пр. Космонавтов, 14", lat: 53.3669, lng: 83.7071,
    phone: "+7 (3852) 53-64-90", phoneInternal: "8 (3852) 53-64-90",
    servicePhone: "+7 (3852) 53-64-97", servicePhoneInternal: "8 (3852) 53-64-97",
    email: "barnaul@agrotechnika.example", hours: HOURS,
  },
  {
    id: 24, code: "AST", name: "Астана", city: "Астана", regionId: 5006, // Казахстан
    address: "ул. Жансугурова, 8", lat: 51.1302, lng: 71.5102,
    phone: "+7 (7172) 57-12-40", phoneInternal: "8 (7172) 57-12-40",
    servicePhone: "+7 (7172) 57-12-48", servicePhoneInternal: "8 (7172) 57-12-48",
    email: "astana@agrotechnika.example", hours: HOURS,
  },
  {
    id: 25, code: "KOK", name: "Кокшетау", city: "Кокшетау", regionId: 5002, // Казахстан
    address: "ул. Ауельбекова, 139", lat: 53.2869, lng: 69.4095,
    phone: "+7 (7162) 25-33-70", phoneInternal: "8 (7162) 25-33-70",
    servicePhone: "+7 (7162) 25-33-76", servicePhoneInternal: "8 (7162) 25-33-76",
    email: "kokshetau@agrotechnika.example", hours: HOURS,
  },
  {
    id: 26, code: "KST", name: "Костанай", city: "Костанай", regionId: 5013, // Казахстан
    address: "пр. Абая, 32", lat: 53.2198, lng: 63.6102,
    phone: "+7 (7142) 54-20-60", phoneInternal: "8 (7142) 54-20-60",
    servicePhone: "+7 (7142) 54-20-68", servicePhoneInternal: "8 (7142) 54-20-68",
    email: "kostanay@agrotechnika.example", hours: HOURS,
  },
  {
    id: 27, code: "PTR", name: "Петропавловск", city: "Петропавловск", regionId: 5017, // Казахстан
    address: "ул. Жамбыла, 215", lat: 54.8753, lng: 69.1407,
    phone: "+7 (7152) 46-18-30", phoneInternal: "8 (7152) 46-18-30",
    servicePhone: "+7 (7152) 46-18-35", servicePhoneInternal: "8 (7152) 46-18-35",
    email: "petropavlovsk@agrotechnika.example", hours: HOURS,
  },
  {
    id: 28, code: "PVL", name: "Павлодар", city: "Павлодар", regionId: 5016, // Казахстан
    address: "ул. Ломова, 47", lat: 52.2770, lng: 76.9856,
    phone: "+7 (7182) 32-45-10", phoneInternal: "8 (7182) 32-45-10",
    servicePhone: "+7 (7182) 32-45-17", servicePhoneInternal: "8 (7182) 32-45-17",
    email: "pavlodar@agrotechnika.example", hours: HOURS,
  },
  {
    id: 29, code: "AKT", name: "Актобе", city: "Актобе", regionId: 5003, // Казахстан
    address: "пр. Санкибай батыра, 22", lat: 50.2932, lng: 57.1836,
    phone: "+7 (7132) 55-71-20", phoneInternal: "8 (7132) 55-71-20",
    servicePhone: "+7 (7132) 55-71-26", servicePhoneInternal: "8 (7132) 55-71-26",
    email: "aktobe@agrotechnika.example", hours: HOURS,
  },
  {
    id: 30, code: "ALA", name: "Алматы", city: "Алматы", regionId: 5005, // Казахстан
    address: "ул. Бекмаханова, 93", lat: 43.2936, lng: 76.9413,
    phone: "+7 (727) 350-64-80", phoneInternal: "8 (727) 350-64-80",
    servicePhone: "+7 (727) 350-64-89", servicePhoneInternal: "8 (727) 350-64-89",
    email: "almaty@agrotechnika.example", hours: HOURS,
  },
];
