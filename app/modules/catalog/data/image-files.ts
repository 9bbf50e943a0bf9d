import { generateModels } from './generate.ts';
import { logoSvg, modelSvg } from './images.ts';
import { MANUFACTURERS } from './manufacturers.ts';

/** Every demo picture as a path under public/ and its content. */
export function demoImageFiles(): { path: string; content: string }[] {
  const models = generateModels().flatMap((m) => m.views.map((view, i) => ({
    path: m.images[i]!.src.slice(1),
    content: modelSvg({ name: m.name, silhouette: m.silhouette, manufacturer: m.manufacturer, typeName: m.type.name }, view),
  })));
  const logos = MANUFACTURERS.map((m) => ({ path: `images/manufacturers/${m.slug}.svg`, content: logoSvg(m) }));
  return [...models, ...logos];
}
