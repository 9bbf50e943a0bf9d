import { z } from '#app/lib/zod.ts';
import { ROLES } from './capabilities.rules.ts';

/* The inputs of /admin/users (staff-users.server.ts), checked the same in the browser and the server. */

/** The list's filters from the query string: anything malformed reads as absent. */
export const userFilter = z.object({
  q: z.string().trim().max(100).transform((v) => v.replace(/[\u0000-\u001f\u007f]/g, '')).catch(''),
  role: z.enum([...ROLES, 'staff']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type UserFilter = z.infer<typeof userFilter>;

/** The roles form: the roles ticked and the branch ('' for every branch). */
export const rolesInput = z.object({
  roles: z.array(z.enum(ROLES, { error: 'Неизвестная роль' })).max(ROLES.length),
  staffBranchId: z.union([z.literal(''), z.string().regex(/^\d{1,9}$/, 'Неизвестный филиал')]),
});

export const ROLES_MESSAGES = {
  notFound: 'Пользователь не найден',
  ownAdministrator: 'Нельзя снять роль администратора с самого себя',
  unknownBranch: 'Неизвестный филиал',
} as const;
