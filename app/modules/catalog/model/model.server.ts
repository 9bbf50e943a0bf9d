import type { RequestContext } from '#app/.server/context.ts';
import type { CatalogPageBase } from '../catalog-page.schema.ts';

export interface ModelPageData extends CatalogPageBase {
  model: { id: number; name: string };
}

/** A model page (spec §2 fallback, `model` controller); null when the model does not exist. */
export async function loadModelPage(_ctx: RequestContext, _modelId: number, _url: URL): Promise<ModelPageData | null> {
  return null;
}
