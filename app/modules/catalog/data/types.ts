/** Seed shape of the machinery catalogue: categories with up to two levels of children. */
export interface CategorySeed { id: number; slug: string; name: string; icon: string; children?: CategorySeed[]; banner?: BannerSeed }
export interface BannerSeed { bgType: 'IMG' | 'COLOR'; imagePath: string | null; color: string | null; title: string; text: string; btnTitle: string; btnLink: string }
