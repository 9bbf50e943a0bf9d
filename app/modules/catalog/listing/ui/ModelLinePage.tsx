import type { ModelLinePageData } from '../listing.server.ts';

export function ModelLinePage({ data }: { data: ModelLinePageData }) {
  return <div className="container"><h1>{data.modelLine.name}</h1></div>;
}
