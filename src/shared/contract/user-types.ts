import * as v from 'valibot';

/** Account types. The register form offers Business and Promoter (sent as `subpromoter`). */
export const UserTypeSchema = v.picklist(['business', 'subpromoter', 'user']);
export type UserType = v.InferOutput<typeof UserTypeSchema>;

/** Roles with dashboard access (product §6). */
export const dashboardUserTypes: readonly UserType[] = ['business', 'subpromoter'];

export function canUseDashboard(userType: string | undefined): boolean {
  return dashboardUserTypes.includes(userType as UserType);
}
