import { data } from 'react-router';

/** An address under /suppliers that names no screen: 404 inside the cabinet (its access checked first). */
export function loader() {
  throw data(null, { status: 404 });
}

export default function SuppliersNotFound() {
  return null;
}
