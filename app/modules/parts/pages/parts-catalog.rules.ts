import { plural } from '#app/lib/plural.ts';

// The counts on /parts-catalog's cards, in the word form the number takes ('2 ряда', '5 рядов').
export const linesLabel = (n: number) => `${n} ${plural(n, 'ряд', 'ряда', 'рядов')}`;
export const drawingsLabel = (n: number) => `${n} ${plural(n, 'чертёж', 'чертежа', 'чертежей')}`;
export const positionsLabel = (n: number) => `${n} ${plural(n, 'позиция', 'позиции', 'позиций')}`;
