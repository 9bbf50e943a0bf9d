/** Demo branch: the fields of region_branch. Phones are left out: the readers show the country's lines. */
export interface BranchSeed {
  id: number; code: string; name: string; city: string; regionId: number; address: string;
  lat: number; lng: number;
  email: string; hours: string; // hours always "Пн–Пт 08:00–17:00" (en dash)
}
