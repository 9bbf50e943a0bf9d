import { useEffect } from 'react';
import type { SchemaFormState } from '#app/components/forms/form-kit.tsx';
import { useSignedInData } from '#app/components/page/visitor.tsx';
import type { LeadContacts } from '../leads.schema.ts';

/**
 * A signed-in visitor's contacts fill the form after hydration (the page is shared and carries
 * none of them): only what he has not typed, once, when they come.
 */
export function usePrefilledContacts(form: SchemaFormState): void {
  const { data: contacts } = useSignedInData<LeadContacts>('/api/leads/contacts');
  useEffect(() => {
    if (!contacts) return;
    for (const key of ['name', 'phone', 'email'] as const) {
      if (contacts[key] && !form.values[key]) form.set(key, contacts[key]);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contacts]);
}
