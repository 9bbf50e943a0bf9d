import { data } from 'react-router';

/** Spec §2 `/model-lines/view`: the model line page by id. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function ModelLinesView() {
  return null;
}
