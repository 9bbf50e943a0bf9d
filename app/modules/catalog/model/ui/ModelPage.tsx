import type { ModelPageData } from '../model.server.ts';

export function ModelPage({ data }: { data: ModelPageData }) {
  return <div className="container"><h1>{data.model.name}</h1></div>;
}
