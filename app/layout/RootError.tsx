import { useLocation } from 'react-router';
import { AdminShellBare } from './AdminShell.tsx';
import { BackofficeError } from './BackofficeError.tsx';
import { staffAreaOf } from './staff-areas.ts';
import { PageFailed } from './NotFound.tsx';

/**
 * What the root's error boundary draws (an error of the root's own loader, or of an area's
 * middleware, which React Router renders at the highest route with a loader): the back-office's
 * refusal for its paths, a plain page otherwise. The root loads it only when it is needed.
 */
export default function RootError() {
  const area = staffAreaOf(useLocation().pathname);
  if (area) return <AdminShellBare area={area}><BackofficeError /></AdminShellBare>;
  return <PageFailed />;
}
