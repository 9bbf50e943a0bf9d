/**
 * Demo content: manufacturers (catalog_manufacturer). The logo is a generated wordmark in
 * public/images/manufacturers/<slug>.svg; `color` paints it and the models' pictures.
 */
export interface ManufacturerSeed { id: number; slug: string; name: string; country: string; color: string; accent: string }

export const MANUFACTURERS: ManufacturerSeed[] = [
  { id: 1, slug: 'kirovets', name: 'Кировец', country: 'Россия', color: '#C62828', accent: '#FBC02D' },
  { id: 2, slug: 'rostselmash', name: 'Ростсельмаш', country: 'Россия', color: '#D32F2F', accent: '#263238' },
  { id: 3, slug: 'belarus', name: 'Беларус (МТЗ)', country: 'Беларусь', color: '#1E4FA0', accent: '#ECEFF1' },
  { id: 4, slug: 'amkodor', name: 'Амкодор', country: 'Беларусь', color: '#F2A900', accent: '#212121' },
  { id: 5, slug: 'klever', name: 'Клевер', country: 'Россия', color: '#2E7D32', accent: '#F9A825' },
  { id: 6, slug: 'gomselmash', name: 'Гомсельмаш (Палессе)', country: 'Беларусь', color: '#1B5E20', accent: '#FFEB3B' },
  { id: 7, slug: 'lemken', name: 'Lemken', country: 'Германия', color: '#1565C0', accent: '#FFFFFF' },
  { id: 8, slug: 'amazone', name: 'Amazone', country: 'Германия', color: '#33691E', accent: '#EF6C00' },
  { id: 9, slug: 'kverneland', name: 'Kverneland', country: 'Норвегия', color: '#B71C1C', accent: '#FFFFFF' },
  { id: 10, slug: 'horsch', name: 'Horsch', country: 'Германия', color: '#AD1457', accent: '#ECEFF1' },
  { id: 11, slug: 'vaderstad', name: 'Väderstad', country: 'Швеция', color: '#F9A825', accent: '#212121' },
  { id: 12, slug: 'john-deere', name: 'John Deere', country: 'США', color: '#367C2B', accent: '#FFDE00' },
  { id: 13, slug: 'claas', name: 'CLAAS', country: 'Германия', color: '#7CB342', accent: '#B71C1C' },
  { id: 14, slug: 'bourgault', name: 'Bourgault', country: 'Канада', color: '#E53935', accent: '#FFFFFF' },
  { id: 15, slug: 'kuhn', name: 'Kuhn', country: 'Франция', color: '#C2185B', accent: '#EEEEEE' },
  { id: 16, slug: 'tonar', name: 'Тонар', country: 'Россия', color: '#0D47A1', accent: '#B0BEC5' },
  { id: 17, slug: 'bdm-agro', name: 'БДМ-Агро', country: 'Россия', color: '#EF6C00', accent: '#263238' },
  { id: 18, slug: 'pegas-agro', name: 'Пегас-Агро', country: 'Россия', color: '#00838F', accent: '#FFFFFF' },
  { id: 19, slug: 'versatile', name: 'Versatile', country: 'Канада', color: '#B22222', accent: '#F5F5F5' },
  { id: 20, slug: 'mecmar', name: 'Mecmar', country: 'Италия', color: '#455A64', accent: '#FFC107' },
];
