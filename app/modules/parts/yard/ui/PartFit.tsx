import { useEffect, useState } from 'react';
import { useOptionalRootData } from '#app/components/layout/root-data.ts';
import { api } from '#app/lib/api.ts';
import type { PartMachineFit } from '../yard.schema.ts';
import { MachineFitNote } from './MachineFitNote.tsx';

/**
 * 'Подходит к вашей технике' on a part's page. The page is the same for every visitor (it may come
 * from the page cache), so a signed-in visitor's machines are asked for once the page is hydrated
 * (GET /api/parts/machines/fit); a guest gets the sign-in offer at once.
 */
export function PartFit({ partId }: { partId: number }) {
  const guest = useOptionalRootData()?.viewer.isGuest ?? true;
  const [fits, setFits] = useState<PartMachineFit[] | null>(null);
  useEffect(() => {
    if (guest) return;
    let current = true;
    void api<{ fits: PartMachineFit[] }>('GET', `/api/parts/machines/fit?partId=${partId}`).then((r) => {
      if (current && r.error_status === 'success') setFits(r.fits);
    });
    return () => { current = false; };
  }, [guest, partId]);
  if (guest) return <MachineFitNote fits={null} />;
  return fits ? <MachineFitNote fits={fits} /> : <div data-testid="machine-fit" aria-busy="true" />;
}
