import { data } from 'react-router';

/** An address under /admin that names no screen: 404 inside the back-office (its access checked first). */
export function loader() {
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
