/** Spec §3 Banner. */
export interface Banner {
  bg_type: 'IMG' | 'COLOR';
  image_path: string | null;
  color: string | null;
  title: string;
  text: string;
  btn_title: string;
  btn_link: string;
}

/** A top-level category as every page's header carries it; subcategories load when a menu opens. */
export interface MenuEntry {
  id: number;
  name: string;
  link: string;
  icon: string;
  /** How many subcategories it has. */
  count: number;
}

/** Spec §3 Machinery category: id, name, link, icon, cats (subcategories), banner. */
export interface MachineryCategory {
  id: number;
  name: string;
  link: string;
  icon: string;
  cats: MachineryCategory[];
  banner: Banner | null;
}
