import { normalizePartCode } from '../part-code.rules.ts';
import { PART_LEAVES, topOf, type PartLeafSeed } from './categories.ts';
import { DRAWING_LAYOUTS, drawingLayout } from './drawings.ts';
import { HAND_DRAWINGS, HAND_PARTS } from './hand-parts.ts';
import { AFTERMARKET_MAKERS, OEM_MAKERS, PART_MAKERS, type PartMakerSeed } from './manufacturers.ts';
import { rng } from '#app/lib/seeded-random.ts';
import { digits as d, pick } from './random.ts';

/**
 * Expands the hand-written seeds (makers, categories) into the demo parts catalogue: OEM parts of
 * every machinery maker in each assembly its machines have, aftermarket analogs, supersession chains,
 * and the drawings of the demo model lines with their positions. Deterministic (random.ts).
 */

type Style = (r: () => number) => string;

/**
 * How each maker prints its part numbers, after real labels: Cyrillic letters where Russian and
 * Belarusian makers use them (some look like Latin ones, some do not), dots and dashes as they
 * group the digits.
 */
export const CODE_STYLES: Readonly<Record<string, Style>> = {
  'kirovets-ptz': (r) => `${pick(r, ['700А', '701', '700', '742', '744Р', 'К-700А'])}.${d(r, 2)}.${d(r, 2)}.${d(r, 3)}${r() < 0.3 ? `-${1 + Math.floor(r() * 3)}` : ''}`,
  rostselmash: (r) => `${pick(r, ['РСМ-10', 'РСМ-142', '101', '181', '3518'])}.${d(r, 2)}.${d(r, 2)}.${d(r, 3)}${r() < 0.35 ? pick(r, ['А', 'Б', 'В', 'Г', 'Д']) : ''}`,
  mtz: (r) => `${pick(r, ['50', '70', '80', '240', '245', '1221', '3022', '1522'])}-${d(r, 7)}${r() < 0.3 ? `-${pick(r, ['А', 'Б', 'В', '01'])}` : ''}`,
  amkodor: (r) => `${pick(r, ['А342', 'А332', 'ТО-18', 'ТО-28'])}-${d(r, 7)}`,
  klever: (r) => `${pick(r, ['КРН', 'КСК', 'ЖВП', 'КДП'])}-${d(r, 2)}.${d(r, 3)}.${d(r, 3)}`,
  gomselmash: (r) => `${pick(r, ['КЗС-10', 'КЗР-10', 'КЗК-12', 'ЖЗК-7', 'ПСП-10'])}.${d(r, 4)}.${d(r, 3)}`,
  lemken: (r) => `${pick(r, ['33', '34', '46', '35'])}${d(r, 5)}`,
  amazone: (r) => (r() < 0.5 ? `${pick(r, ['ZF', 'MD', 'MG', 'KG', 'GA', 'ZA'])}${d(r, r() < 0.5 ? 3 : 4)}` : `${pick(r, ['95', '96', '97'])}${d(r, 4)}`),
  kverneland: (r) => `${pick(r, ['KK', 'AC', 'KK0'])}${d(r, 6)}${r() < 0.3 ? 'R' : ''}`,
  horsch: (r) => `00${d(r, 6)}`,
  vaderstad: (r) => `${pick(r, ['4', '9', '3'])}${d(r, 5)}`,
  'john-deere': (r) => `${pick(r, ['RE', 'AL', 'AH', 'AZ', 'AN', 'AXE', 'DQ', 'R', 'H', 'N', 'AA'])}${d(r, r() < 0.6 ? 6 : 5)}`,
  claas: (r) => (r() < 0.6 ? `000${d(r, 7)}` : `${d(r, 6)}.${d(r, 1)}`),
  bourgault: (r) => `${pick(r, ['N', 'R'])}${d(r, 5)}`,
  kuhn: (r) => (r() < 0.5 ? `K${d(r, 7)}` : `5${d(r, 7)}`),
  tonar: (r) => `${pick(r, ['9523', '8527', '95231', '9746'])}-${d(r, 7)}`,
  'bdm-agro': (r) => `БДМ-${d(r, 2)}.${d(r, 2)}.${d(r, 3)}`,
  'pegas-agro': (r) => `ПА-${d(r, 4)}.${d(r, 2)}`,
  versatile: (r) => `86${d(r, 6)}`,
  mecmar: (r) => `MC${d(r, 5)}`,
  'mann-filter': (r) => `${pick(r, ['W', 'WK', 'C', 'H', 'HU', 'WD'])} ${d(r, r() < 0.5 ? 3 : 4)}${r() < 0.4 ? `/${1 + Math.floor(r() * 9)}` : ''}`,
  fleetguard: (r) => `${pick(r, ['LF', 'FF', 'AF', 'HF', 'FS', 'WF'])}${d(r, r() < 0.5 ? 4 : 5)}`,
  donaldson: (r) => `P${d(r, 6)}`,
  gates: (r) => (r() < 0.5 ? `${pick(r, ['4PK', '6PK', '8PK', '10PK'])}${d(r, 4)}` : `${pick(r, ['XPB', 'SPB', 'SPC', 'B', 'C'])} ${d(r, 4)}`),
  optibelt: (r) => `${pick(r, ['SPB', 'SPC', 'XPA', 'HC'])} ${d(r, 4)} ${pick(r, ['LW', 'MW', 'LD'])}`,
  skf: (r) => `${pick(r, ['62', '63', '322', '313', 'NU2'])}${d(r, 2)}${pick(r, ['-2RS1', '-2Z', ' J2/Q', ' C3', ''])}`,
  fag: (r) => `${pick(r, ['62', '63', '322', 'NJ2', 'NU3'])}${d(r, 2)}${pick(r, ['-A', '-XL', '-E-TVP2', '.2RSR'])}`,
  bosch: (r) => `0 ${pick(r, ['986', '451', '281', '445'])} ${d(r, 3)} ${d(r, 3)}`,
  hella: (r) => `${pick(r, ['1G', '1K', '2XD', '9HX'])} ${d(r, 3)} ${d(r, 3)}-${d(r, 3)}`,
  sparex: (r) => `S.${d(r, 5)}`,
  bepco: (r) => `${pick(r, ['12', '25', '34', '78'])}-${d(r, 3)}-${d(r, 2)}`,
  yamz: (r) => `${pick(r, ['236', '238', '240', '7511', '8481'])}-${d(r, 7)}${r() < 0.3 ? `-${pick(r, ['В', 'Б', '10'])}` : ''}`,
};

/** Makers whose machines drive themselves (tractors, combines, foragers, loaders, self-propelled sprayers). */
const MACHINE_MAKERS = new Set(['kirovets-ptz', 'rostselmash', 'mtz', 'amkodor', 'klever', 'gomselmash', 'john-deere', 'claas', 'versatile', 'pegas-agro']);
/** Parts per maker and assembly: machines have more variants than implements. */
const PARTS_PER_LEAF = { machine: 40, implement: 34 };

export interface PartRow {
  id: number;
  code: string;
  name: string;
  makerId: number;
  categoryId: number;
  grams: number;
  oneC: string;
  /** Base price in roubles; the branches' prices are derived from it (parts.seed.server.ts). */
  priceRub: number;
}

export interface PartsDemo {
  parts: PartRow[];
  /** Pairs [a, b] with a < b. */
  analogs: Array<[number, number]>;
  supersessions: Array<{ oldId: number; newId: number; sinceDaysAgo: number }>;
  /** The OEM parts of a maker in an assembly (leaf id), current ones only, for the drawings. */
  byMakerLeaf: Map<string, number[]>;
}

const CONSUMABLE_TOPS = new Set(['filtry', 'remni-i-cepi']);

function leavesFor(maker: PartMakerSeed): PartLeafSeed[] {
  const machines = MACHINE_MAKERS.has(maker.slug);
  return PART_LEAVES.filter((l) => l.fits === 'all' || (machines ? true : l.fits === 'implement'));
}

/** A name with a size or a side, so the variants of one part read apart. Neutral in gender. */
function partName(template: string, leaf: PartLeafSeed, r: () => number): string {
  if (leaf.slug === 'krepezh') {
    const m = pick(r, [6, 8, 10, 12, 14, 16, 20]);
    return /^(Болт|Шпилька)/.test(template) ? `${template} М${m}×${pick(r, ['1,25', '1,5', '1,75'])}×${10 * (2 + Math.floor(r() * 12))}` : `${template} М${m}`;
  }
  if (leaf.slug === 'remni') return `${template} ${pick(r, ['A', 'B', 'C', 'SPB', '6PK', '8PK'])}-${100 * (8 + Math.floor(r() * 40))}`;
  return template + pick(r, ['', '', '', ' в сборе', ` Ø ${10 * (3 + Math.floor(r() * 20))} мм`, ' (левая сторона)', ' (правая сторона)', ', ремонтный размер', ` L=${50 * (2 + Math.floor(r() * 30))} мм`, ' (комплект)']);
}

/** Log-uniform in the leaf's range, rounded to 10 roubles. */
function basePrice(leaf: PartLeafSeed, r: () => number): number {
  const [lo, hi] = leaf.priceRub;
  return Math.max(10, Math.round(Math.exp(Math.log(lo) + r() * (Math.log(hi) - Math.log(lo))) / 10) * 10);
}

function grams(leaf: PartLeafSeed, r: () => number): number {
  const [lo, hi] = leaf.grams;
  return Math.round(lo + r() * r() * (hi - lo));
}

export function generateParts(): PartsDemo {
  const parts: PartRow[] = [];
  const analogs: Array<[number, number]> = [];
  const supersessions: PartsDemo['supersessions'] = [];
  const byMakerLeaf = new Map<string, number[]>();
  const taken = new Set<string>();
  /** A code of the style no other part has (normalised), tried again with the next numbers of the key. */
  const uniqueCode = (style: Style, key: string) => {
    const r = rng(key);
    for (;;) {
      const code = style(r);
      const norm = normalizePartCode(code);
      if (!taken.has(norm)) { taken.add(norm); return code; }
    }
  };
  let aftermarketId = 500_000;
  let oldId = 800_000;

  const makerId = new Map(PART_MAKERS.map((m) => [m.slug, m.id]));
  for (const h of HAND_PARTS) {
    taken.add(normalizePartCode(h.code));
    parts.push({ id: h.id, code: h.code, name: h.name, makerId: makerId.get(h.maker)!, categoryId: h.categoryId, grams: h.grams, oneC: `УТ-${String(h.id).padStart(8, '0')}`, priceRub: h.priceRub });
    for (const other of h.analogOf ?? []) analogs.push([Math.min(h.id, other), Math.max(h.id, other)]);
    if (h.replacedBy) supersessions.push({ oldId: h.id, newId: h.replacedBy, sinceDaysAgo: 400 });
  }

  for (const maker of OEM_MAKERS) {
    const style = CODE_STYLES[maker.slug]!;
    let running = 0;
    for (const leaf of leavesFor(maker)) {
      const count = MACHINE_MAKERS.has(maker.slug) ? PARTS_PER_LEAF.machine : PARTS_PER_LEAF.implement;
      const top = topOf(leaf.id);
      const ids: number[] = [];
      for (let i = 0; i < count; i++) {
        const id = maker.id * 10_000 + running++;
        const r = rng(`part:${maker.slug}:${leaf.slug}:${i}`);
        const name = partName(leaf.parts[i % leaf.parts.length]!, leaf, r);
        const price = basePrice(leaf, r);
        const part: PartRow = {
          id, code: uniqueCode(style, `code:${maker.slug}:${leaf.slug}:${i}`), name, makerId: maker.id, categoryId: leaf.id,
          grams: grams(leaf, r), oneC: `УТ-${String(id).padStart(8, '0')}`, priceRub: price,
        };
        parts.push(part);
        ids.push(id);

        // Aftermarket replacements: most filters and belts have some, other kinds fewer.
        const makers = AFTERMARKET_MAKERS.filter((a) => a.makes!.includes(top.slug));
        const chance = CONSUMABLE_TOPS.has(top.slug) ? 0.6 : 0.12;
        if (makers.length && r() < chance) {
          const n = 1 + Math.floor(r() * r() * Math.min(3, makers.length));
          const chosen = [...makers].sort((a, b) => rng(`am:${id}:${a.slug}`)() - rng(`am:${id}:${b.slug}`)()).slice(0, n);
          const group = [id];
          for (const am of chosen) {
            const amId = ++aftermarketId;
            parts.push({
              id: amId, code: uniqueCode(CODE_STYLES[am.slug]!, `code:${am.slug}:${id}`), name, makerId: am.id, categoryId: leaf.id,
              grams: Math.round(part.grams * (0.9 + r() * 0.2)), oneC: `УТ-${String(amId).padStart(8, '0')}`,
              priceRub: Math.max(10, Math.round((price * (0.55 + r() * 0.35)) / 10) * 10),
            });
            group.push(amId);
          }
          // Every two of a group replace each other: the OEM part and each analog, and the analogs among themselves.
          for (let a = 0; a < group.length; a++) for (let b = a + 1; b < group.length; b++) analogs.push([Math.min(group[a]!, group[b]!), Math.max(group[a]!, group[b]!)]);
        }

        // Supersessions: the part replaced an older number, some of which had replaced an older one still.
        if (r() < 0.06) {
          let newer = id;
          const depth = r() < 0.3 ? 2 : 1;
          for (let k = 0; k < depth; k++) {
            const old = ++oldId;
            parts.push({
              id: old, code: uniqueCode(style, `code:old:${id}:${k}`), name, makerId: maker.id, categoryId: leaf.id,
              grams: part.grams, oneC: `УТ-${String(old).padStart(8, '0')}`, priceRub: price,
            });
            supersessions.push({ oldId: old, newId: newer, sinceDaysAgo: 200 + Math.floor(r() * 1500) + k * 700 });
            newer = old;
          }
        }
      }
      byMakerLeaf.set(`${maker.id}:${leaf.id}`, ids);
    }
  }
  return { parts, analogs, supersessions, byMakerLeaf };
}

/** A model line of the catalogue as the parts seed reads it (parts.seed.server.ts). */
export interface LineRef { id: number; name: string; makerSlug: string; selfPropelled: boolean; models: Array<{ id: number; name: string }> }

export interface DrawingRow {
  id: number;
  lineId: number;
  modelId: number | null;
  categoryId: number;
  title: string;
  imagePath: string;
  width: number;
  height: number;
  sort: number;
}

export interface PositionRow {
  drawingId: number;
  callout: number;
  partId: number;
  quantity: number;
  note: string | null;
  serialFrom: string | null;
  serialTo: string | null;
  x: number;
  y: number;
}

const NOTES = ['Момент затяжки 120 Н·м', 'Применять с герметиком', 'Только для исполнения с кондиционером', 'Заменять при каждом ремонте', 'Смазать перед установкой', 'Подбирается по месту'];

/**
 * Drawings of the demo model lines: four assemblies of an implement's line, five of a machine's
 * (one of them for a single model), each on a committed layout taken in turn, with its callouts
 * numbered 1..N and a part of the line maker's assembly (or a fastener) at each. A superseded part
 * stays on the drawing for the serial numbers built before the change.
 */
export function generateDrawings(lines: LineRef[], demo: PartsDemo): { drawings: DrawingRow[]; positions: PositionRow[] } {
  const drawings: DrawingRow[] = [];
  const positions: PositionRow[] = [];
  const makerBySlug = new Map(OEM_MAKERS.map((m) => [m.machineryMaker!, m]));
  const olderOf = new Map(demo.supersessions.map((s) => [s.newId, s.oldId]));
  let layoutNo = 0;
  for (const line of [...lines].sort((a, b) => a.id - b.id)) {
    const maker = makerBySlug.get(line.makerSlug);
    if (!maker) continue;
    const r = rng(`drawings:${line.id}`);
    const leaves = leavesFor(maker).filter((l) => l.slug !== 'krepezh' && (line.selfPropelled ? l.fits !== 'implement' : l.fits !== 'machine'));
    const chosen = [...leaves].sort((a, b) => rng(`assembly:${line.id}:${a.id}`)() - rng(`assembly:${line.id}:${b.id}`)()).slice(0, line.selfPropelled ? 5 : 4);
    chosen.forEach((leaf, k) => {
      const layout = drawingLayout((layoutNo++ % DRAWING_LAYOUTS) + 1);
      const model = k === 4 && line.models.length ? line.models[Math.floor(r() * line.models.length)]! : null;
      const id = line.id * 100 + k + 1;
      drawings.push({
        id, lineId: line.id, modelId: model?.id ?? null, categoryId: leaf.id,
        title: `${leaf.name}${model ? ` — ${model.name}` : ''}`, imagePath: layout.path, width: layout.width, height: layout.height, sort: k,
      });
      const own = demo.byMakerLeaf.get(`${maker.id}:${leaf.id}`) ?? [];
      const fasteners = demo.byMakerLeaf.get(`${maker.id}:1002`) ?? [];
      const used = new Set<number>();
      for (const c of layout.callouts) {
        const pr = rng(`position:${id}:${c.number}`);
        const fastener = pr() < 0.25 && fasteners.length > 0;
        const pool = fastener ? fasteners : own;
        let partId = pool[Math.floor(pr() * pool.length)]!;
        for (let t = 0; used.has(partId) && t < pool.length; t++) partId = pool[(pool.indexOf(partId) + 1) % pool.length]!;
        used.add(partId);
        const quantity = fastener ? 2 + Math.floor(pr() * 10) : pr() < 0.8 ? 1 : 2 + Math.floor(pr() * 3);
        const note = pr() < 0.1 ? pick(pr, NOTES) : null;
        const older = olderOf.get(partId);
        if (older !== undefined) {
          // Serial numbers of the line's machines: the change came with machine 2024xxxx.
          const cut = `2024${String(1000 + Math.floor(pr() * 8000))}`;
          positions.push({ drawingId: id, callout: c.number, partId: older, quantity, note: 'До замены номера', serialFrom: null, serialTo: String(Number(cut) - 1), x: c.x, y: c.y });
          positions.push({ drawingId: id, callout: c.number, partId, quantity, note, serialFrom: cut, serialTo: null, x: c.x, y: c.y });
        } else {
          positions.push({ drawingId: id, callout: c.number, partId, quantity, note, serialFrom: null, serialTo: null, x: c.x, y: c.y });
        }
      }
    });
    // Placed by hand, on a layout of their own choosing: the generated drawings above stay as they were.
    HAND_DRAWINGS.filter((h) => h.lineName === line.name).forEach((hand, k) => {
      const layout = drawingLayout(hand.layout);
      const id = line.id * 100 + 90 + k;
      drawings.push({ id, lineId: line.id, modelId: null, categoryId: hand.leafId, title: hand.title, imagePath: layout.path, width: layout.width, height: layout.height, sort: chosen.length + k });
      const own = (demo.byMakerLeaf.get(`${maker.id}:${hand.leafId}`) ?? []).filter((p) => !hand.positions.some((h) => h.partId === p));
      for (const c of layout.callouts) {
        const placed = hand.positions.filter((h) => h.callout === c.number);
        for (const h of placed) positions.push({ drawingId: id, callout: c.number, partId: h.partId, quantity: 1, note: h.note, serialFrom: h.serialFrom, serialTo: h.serialTo, x: c.x, y: c.y });
        const partId = own[c.number % Math.max(1, own.length)];
        if (!placed.length && partId !== undefined) positions.push({ drawingId: id, callout: c.number, partId, quantity: 1, note: null, serialFrom: null, serialTo: null, x: c.x, y: c.y });
      }
    });
  }
  return { drawings, positions };
}
