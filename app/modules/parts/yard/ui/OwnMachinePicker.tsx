import { useSignedInData } from '#app/components/page/visitor.tsx';
import type { PickerMachine } from '../yard.schema.ts';
import { MachinePicker, type MachinePickerProps } from './MachinePicker.tsx';

/**
 * 'Выбрать мою технику' on a page the same for every visitor (it may come from the page cache): a
 * signed-in visitor's machines are asked for once the page is hydrated; a guest gets the sign-in
 * offer at once.
 */
export function OwnMachinePicker(props: Omit<MachinePickerProps, 'machines'>) {
  const { guest, data } = useSignedInData<{ machines: PickerMachine[] }>('/api/parts/machines/picker');
  if (guest) return <MachinePicker {...props} machines={null} />;
  return data ? <MachinePicker {...props} machines={data.machines} /> : <div data-testid="machine-picker" aria-busy="true" />;
}
