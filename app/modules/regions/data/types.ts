export interface RegionSeed { id: number; rootId: 3220 | 3221; label: string; adminCenter: string; lat: number; lng: number }
export interface BranchSeed {
  id: number; code: string; name: string; city: string; regionId: number; address: string;
  lat: number; lng: number;
  phone: string;          // international form, e.g. "+7 (4812) 70-11-20"
  phoneInternal: string;  // internal form, e.g. "8 (4812) 70-11-20"
  servicePhone: string;   // international form of the service line
  servicePhoneInternal: string;
  email: string; hours: string; // hours always "Пн–Пт 08:00–17:00" (en dash)
}
