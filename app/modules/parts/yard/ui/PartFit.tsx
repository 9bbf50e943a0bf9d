import { useSignedInData } from '#app/components/page/visitor.tsx';
import type { PartMachineFit } from '../yard.schema.ts';
import { MachineFitNote } from './MachineFitNote.tsx';

/**
 * 'Подходит к вашей технике' on a part's page. The page is the same for every visitor (it may come
 * from the page cache), so a signed-in visitor's machines are asked for once the page is hydrated;
 * a guest gets the sign-in offer at once.
 */
export function PartFit({ partId }: { partId: number }) {
  const { guest, data } = useSignedInData<{ fits: PartMachineFit[] }>(`/api/parts/machines/fit?partId=${partId}`);
  if (guest) return <MachineFitNote fits={null} />;
  return data ? <MachineFitNote fits={data.fits} /> : <div data-testid="machine-fit" aria-busy="true" />;
}
