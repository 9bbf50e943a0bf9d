import { useEffect, useState } from 'react';
import { useOptionalRootData } from '#app/components/layout/root-data.ts';
import { api } from '#app/lib/api.ts';
import type { PickerMachine } from '../yard.schema.ts';
import { MachinePicker, type MachinePickerProps } from './MachinePicker.tsx';

/**
 * 'Выбрать мою технику' on a page the same for every visitor (it may come from the page cache): a
 * signed-in visitor's machines are asked for once the page is hydrated (GET
 * /api/parts/machines/picker); a guest gets the sign-in offer at once.
 */
export function OwnMachinePicker(props: Omit<MachinePickerProps, 'machines'>) {
  const guest = useOptionalRootData()?.viewer.isGuest ?? true;
  const [machines, setMachines] = useState<PickerMachine[] | null>(null);
  useEffect(() => {
    if (guest) return;
    let current = true;
    void api<{ machines: PickerMachine[] }>('GET', '/api/parts/machines/picker').then((r) => {
      if (current && r.error_status === 'success') setMachines(r.machines);
    });
    return () => { current = false; };
  }, [guest]);
  if (guest) return <MachinePicker {...props} machines={null} />;
  return machines ? <MachinePicker {...props} machines={machines} /> : <div data-testid="machine-picker" aria-busy="true" />;
}
